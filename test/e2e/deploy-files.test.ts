import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { parse } from 'yaml';
import { startFixture } from '../../adapters/http/http-test-kit.js';
import { loadConfig } from '../../config/load.js';

/**
 * No Docker engine runs here: these check what can be checked without one
 * (docs/deploy.md): the Dockerfile's stages and runtime settings, the compose
 * file's services, health checks, volumes and secrets, and the health check
 * command itself, run against a real server.
 */
const test = suite('deployment files');
const root = fileURLToPath(new URL('../../../', import.meta.url));
const run = promisify(execFile);

interface Instruction {
  readonly keyword: string;
  readonly args: string;
}

/** Dockerfile instructions, continuation lines joined, comments and parser directives dropped. */
function instructions(text: string): Instruction[] {
  const logical = text.replace(/\\\n/g, ' ').split('\n').map((line) => line.trim());
  return logical
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const [keyword = '', ...rest] = line.split(/\s+/);
      return { keyword: keyword.toUpperCase(), args: rest.join(' ') };
    });
}

function stages(all: Instruction[]): Instruction[][] {
  const out: Instruction[][] = [];
  for (const instruction of all) {
    if (instruction.keyword === 'FROM') out.push([]);
    out[out.length - 1]?.push(instruction);
  }
  return out;
}

const dockerfile = instructions(readFileSync(join(root, 'Dockerfile'), 'utf8'));
const [build = [], runtime = []] = stages(dockerfile);
const one = (stage: Instruction[], keyword: string): string => {
  const found = stage.filter((instruction) => instruction.keyword === keyword);
  assert.is(found.length, 1, `one ${keyword}`);
  return found[0]!.args;
};
const exec = (args: string): string[] => JSON.parse(args) as string[];
const healthcheck = exec(one(runtime, 'HEALTHCHECK').replace(/^.*?CMD\s+/, ''));
const compose = parse(readFileSync(join(root, 'compose.yaml'), 'utf8'));

test('Dockerfile: a build stage and a runtime stage on the Node major the package supports', () => {
  assert.is(stages(dockerfile).length, 2);
  assert.match(one(build, 'FROM'), /^node:20[-.\w]* AS build$/);
  assert.match(one(runtime, 'FROM'), /^node:20[-.\w]* AS runtime$/);
  assert.match(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).engines.node, /\^20/);
  assert.ok(build.some(({ keyword, args }) => keyword === 'RUN' && args.includes('npm ci') && !args.includes('--omit=dev')));
  assert.ok(build.some(({ keyword, args }) => keyword === 'RUN' && args.includes('npm pack')));
  // The runtime installs production dependencies only, without running any package's scripts.
  assert.ok(runtime.some(({ keyword, args }) => keyword === 'RUN' && /npm ci --omit=dev --ignore-scripts/.test(args)));
  assert.ok(runtime.every(({ keyword, args }) => keyword !== 'COPY' || args.startsWith('--from=build ')));
});

test('Dockerfile: non-root, the data volume, the server as the command, SIGTERM to stop', () => {
  const user = one(runtime, 'USER');
  assert.not.ok(['root', '0'].includes(user));
  assert.is(one(runtime, 'VOLUME'), '/data');
  assert.match(one(runtime, 'ENV'), /BANK_DATA_DIR=\/data/);
  const command = exec(one(runtime, 'CMD'));
  assert.equal(command, ['node', '--enable-source-maps', 'dist/adapters/main/server.js']);
  // The command's file is in the release tarball: built, and not excluded by package.json "files".
  assert.ok(existsSync(join(root, command[2]!)));
  assert.is(one(runtime, 'STOPSIGNAL'), 'SIGTERM');
});

test('.dockerignore keeps local builds, installs, data and secrets out of the build context', () => {
  const ignored = readFileSync(join(root, '.dockerignore'), 'utf8').split('\n').map((line) => line.trim());
  for (const entry of ['node_modules', 'dist', 'data', '.git', 'secrets', '.env']) assert.ok(ignored.includes(entry), entry);
});

test('the health check command is 0 while ready and 1 once shutdown begins (run with node, as in the image)', async () => {
  assert.is(healthcheck[0], 'node');
  const f = await startFixture();
  const probe = (): Promise<number> =>
    run(process.execPath, healthcheck.slice(1), { env: { ...process.env, PORT: String(f.port) } }).then(
      () => 0,
      (error: { code?: number }) => error.code ?? -1,
    );
  try {
    assert.is(await probe(), 0);
    f.api.beginShutdown();
    assert.is(await probe(), 1);
  } finally {
    await f.close();
  }
});

test('compose: the service on PostgreSQL 15, started once the database is healthy, with the image health check', () => {
  const { postgres, bank } = compose.services;
  assert.match(postgres.image, /^postgres:15/);
  assert.match(postgres.healthcheck.test.join(' '), /pg_isready/);
  assert.equal(bank.depends_on, { postgres: { condition: 'service_healthy' } });
  assert.equal(bank.healthcheck.test, ['CMD', ...healthcheck]);
  assert.equal(bank.command, exec(one(runtime, 'CMD')));
  assert.is(bank.build, '.');
});

test('compose: named volumes for both data directories; the operator key and the password as secrets', () => {
  const { postgres, bank } = compose.services;
  assert.ok(bank.volumes.includes('bankdata:/data'));
  assert.ok(postgres.volumes.includes('pgdata:/var/lib/postgresql/data'));
  assert.ok('bankdata' in compose.volumes && 'pgdata' in compose.volumes);
  assert.equal([...bank.secrets].sort(), ['operator_key', 'postgres_password']);
  assert.is(bank.environment.BANK_ADMIN_KEY_FILE, '/run/secrets/operator_key');
  assert.is(postgres.environment.POSTGRES_PASSWORD_FILE, '/run/secrets/postgres_password');
  for (const name of ['operator_key', 'postgres_password']) assert.match(compose.secrets[name].file, /^\.\/secrets\//);
  // No password in the compose file: node-postgres reads PGPASSWORD, which the entrypoint takes from the secret.
  assert.not.match(bank.environment.DATABASE_URL, /:[^/@]*@/);
  assert.match(bank.entrypoint.join(' '), /PGPASSWORD="\$\$\(cat \/run\/secrets\/postgres_password\)"/);
});

test("compose: the service's environment and config file load as a valid PostgreSQL configuration", () => {
  const { bank } = compose.services;
  const dir = mkdtempSync(join(tmpdir(), 'bank-compose-'));
  try {
    const file = join(dir, 'bank.json');
    writeFileSync(file, compose.configs.bank_config.content);
    const { BANK_ADMIN_KEY_FILE: _key, ...env } = bank.environment;
    const loaded = loadConfig({ ...env, BANK_CONFIG: file, BANK_DATA_DIR: '/data' });
    assert.is(loaded.store, 'postgres');
    assert.match(loaded.databaseUrl ?? '', /@postgres:5432\//);
    assert.ok(loaded.http.shutdownDelayMs > 0 && loaded.http.shutdownDelayMs < loaded.http.shutdownGraceMs);
    assert.is(bank.configs[0].target, bank.environment.BANK_CONFIG);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('systemd unit: a dedicated user, the environment file, the same command, restarts on failure, hardening', async () => {
  const path = join(root, 'deploy', 'open-bank.service');
  const service = new Map<string, string[]>();
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const match = /^([A-Za-z]+)=(.*)$/.exec(line.trim());
    if (match) service.set(match[1]!, [...(service.get(match[1]!) ?? []), match[2]!]);
  }
  const value = (key: string): string | undefined => service.get(key)?.at(-1);
  assert.is(value('User'), 'openbank');
  assert.is(value('Restart'), 'on-failure');
  assert.ok(value('EnvironmentFile'));
  assert.ok(service.get('Environment')?.includes('BANK_ADMIN_KEY_FILE=%d/operator_key'));
  assert.match(value('LoadCredential') ?? '', /^operator_key:/);
  assert.equal(value('ExecStart')?.split(' ').slice(1), exec(one(runtime, 'CMD')).slice(1));
  for (const key of ['NoNewPrivileges', 'ProtectSystem', 'ProtectHome', 'PrivateTmp']) assert.ok(value(key), key);
  // Where systemd is installed, its own parser checks every key (an unknown or misspelt one is a warning on stderr).
  const verify = await run('systemd-analyze', ['verify', path]).catch((error: NodeJS.ErrnoException & { stderr?: string }) =>
    error.code === 'ENOENT' ? undefined : { stderr: error.stderr ?? String(error) },
  );
  if (verify) assert.is(verify.stderr.trim(), '');
});

test.run();
