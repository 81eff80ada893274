// Bundles the live dashboard page (adapters/dashboard-page/web) with uPlot into
// dist/adapters/dashboard-page/assets/dashboard.{js,css}, served by the
// service at /dashboard: no CDN, and a production install needs neither
// esbuild nor uPlot (both dev dependencies). `npm run build` type-checks the
// page first (tsc -p adapters/dashboard-page/web). docs/decisions.md.
import { build } from 'esbuild';

await build({
  entryPoints: { dashboard: 'adapters/dashboard-page/web/main.ts' },
  outdir: 'dist/adapters/dashboard-page/assets',
  bundle: true,
  minify: true,
  format: 'iife',
  target: ['es2022'],
  platform: 'browser',
  legalComments: 'eof',
  logLevel: 'warning',
});
