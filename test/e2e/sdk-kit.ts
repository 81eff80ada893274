import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { unzipSync } from 'fflate';
import { SdkGenerator, type SdkLanguage, type SdkPackage, type SdkRequest } from '../../ports/sdk-generator.js';
import { bootTestKernel, type TestKernel, type TestUser } from '../fixtures/boot.js';

/** Shared by the SDK tests: one server per file, a package generated through the port, unpacked in a temp dir and run. */
export const run = promisify(execFile);

export interface SdkFixture {
  readonly k: TestKernel;
  readonly user: TestUser;
  readonly dir: string;
  close(): Promise<void>;
}

/** A server with core-banking, a user and one account (so a list call has something to show), and a temp dir. */
export async function sdkFixture(): Promise<SdkFixture> {
  const k = await bootTestKernel({ modules: ['core-banking'] });
  const user = await k.createUser('Sdk User');
  const created = await k.request('POST', '/api/v2/accounts', { key: user.key, body: { name: 'Operating', type: 'business' } });
  if (created.status !== 201) throw new Error(`account: ${created.status}`);
  const dir = await mkdtemp(join(tmpdir(), 'sdk-test-'));
  return {
    k,
    user,
    dir,
    async close() {
      await k.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export function sdkRequest(language: SdkLanguage, overrides: Partial<SdkRequest> = {}): SdkRequest {
  return {
    language,
    modules: ['core-banking'],
    packageName: '@acme/bank-sdk',
    displayName: 'Acme Bank',
    color: '#ff6600',
    options: { includeTypes: true, includeExamples: true, includeTests: true },
    ...overrides,
  };
}

export function generate(k: TestKernel, request: SdkRequest): Promise<SdkPackage> {
  return k.get(SdkGenerator).generate(request);
}

/** The package written as its file in `dir` and unpacked into `dir/unpacked` (tar for .tgz/.tar.gz, fflate for .zip). */
export async function unpack(pkg: SdkPackage, dir: string): Promise<string> {
  const file = join(dir, pkg.fileName);
  await writeFile(file, pkg.content);
  const into = join(dir, 'unpacked');
  await mkdir(into, { recursive: true });
  if (pkg.fileName.endsWith('.zip')) {
    for (const [path, content] of Object.entries(unzipSync(pkg.content))) {
      if (path.endsWith('/')) continue;
      await mkdir(dirname(join(into, path)), { recursive: true });
      await writeFile(join(into, path), content);
    }
  } else {
    await run('tar', ['-xzf', file, '-C', into]);
  }
  return into;
}

/** Every file under `root`, relative, sorted. */
export async function filesUnder(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(root.length + 1))
    .sort();
}
