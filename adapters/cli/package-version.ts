import { readFileSync } from 'node:fs';

/** The version in the package's package.json (this file runs as dist/adapters/cli/package-version.js, three levels below it). */
export function packageVersion(): string {
  const manifest = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string };
  return manifest.version;
}
