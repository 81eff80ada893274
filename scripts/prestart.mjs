// `npm start` runs the compiled dist/. On a development install (TypeScript
// present) it compiles first, as it always did; a production install
// (--omit=dev, or the release tarball) has no compiler and runs the dist/ it
// was shipped with (README, "Production install"; docs/decisions.md).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

function resolves(specifier) {
  try {
    require.resolve(specifier);
    return true;
  } catch {
    return false;
  }
}

if (resolves('typescript/package.json')) {
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', shell: process.platform === 'win32' });
  process.exit(build.status ?? 1);
}
if (!existsSync(new URL('../dist/adapters/main/server.js', import.meta.url))) {
  console.error(
    'open-bank: no build in dist/ and no TypeScript compiler (a production install without dev dependencies).\n' +
      'Install the release tarball (npm pack on a development install) or build first: npm ci && npm run build && npm prune --omit=dev',
  );
  process.exit(1);
}
