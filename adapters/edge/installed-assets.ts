import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Request, Response } from 'express';
import type { MountedRoute } from './http-extension.js';

const require = createRequire(import.meta.url);

/** A file of an installed npm package served to a browser page: nothing comes from a CDN. */
export interface InstalledAsset {
  readonly pkg: string;
  /** The path inside the package, e.g. 'umd/react.production.min.js'. */
  readonly file: string;
  /** The media type without a charset, e.g. 'text/javascript'. */
  readonly type: string;
}

/** The path of a file inside an installed package (package "exports" hide the UMD and dist builds from require.resolve). */
export function installedFile(pkg: string, file: string): string {
  for (const dir of require.resolve.paths(pkg) ?? []) {
    const candidate = join(dir, pkg, file);
    if (existsSync(candidate)) return candidate;
  }
  throw new Error(`${pkg}/${file} is missing; is ${pkg} installed?`);
}

/**
 * GET `${base}/${name}` for each asset, read from the package on the first
 * request and kept; cacheable for a day (a new package version comes with a
 * restart). Images are sent as they are, text with a UTF-8 charset.
 */
export function installedAssetRoutes(base: string, owner: string, assets: Readonly<Record<string, InstalledAsset>>): MountedRoute[] {
  const cache = new Map<string, Buffer>();
  return Object.entries(assets).map(([name, { pkg, file, type }]): MountedRoute => ({
    method: 'GET',
    path: `${base}/${name}`,
    owner,
    handler: (_req, res) => {
      let body = cache.get(name);
      if (!body) {
        body = readFileSync(installedFile(pkg, file));
        cache.set(name, body);
      }
      res.setHeader('Cache-Control', 'public, max-age=86400');
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.status(200).type(type.startsWith('text/') ? `${type}; charset=utf-8` : type).send(body);
    },
  }));
}

/** A page or script of our own, with the page's Content-Security-Policy and no caching (it changes with the service). */
export function ownPage(type: string, body: string, csp: string): (req: Request, res: Response) => void {
  return (_req, res) => {
    res.setHeader('Content-Security-Policy', csp);
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.status(200).type(type).send(body);
  };
}
