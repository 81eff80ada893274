import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, chownSync } from 'node:fs';
import pg from 'pg';

/**
 * A PostgreSQL instance of the harness's own (initdb in a temporary
 * directory, its own port), so "restart PostgreSQL under load" never
 * touches the machine's shared cluster that other people's tests use.
 * The binaries are PostgreSQL's (CHAOS_PG_BIN, default the newest under
 * /usr/lib/postgresql); initdb refuses to run as root, so when the harness
 * is root it runs them as the `postgres` user through runuser.
 */
export class PostgresCluster {
  readonly url: string;
  readonly #bin: string;
  readonly #dataDir: string;
  readonly #options: string;
  restarts = 0;

  constructor(
    private readonly root: string,
    readonly port: number,
  ) {
    this.#bin = process.env.CHAOS_PG_BIN ?? newestPostgresBin();
    this.#dataDir = `${root}/data`;
    this.#options = `-p ${port} -k /tmp -c listen_addresses=127.0.0.1 -c max_connections=200`;
    this.url = `postgres://postgres@127.0.0.1:${port}/chaos`;
  }

  #run(tool: string, args: string[]): void {
    const command = `${this.#bin}/${tool}`;
    if (process.getuid?.() === 0) execFileSync('runuser', ['-u', 'postgres', '--', command, ...args], { stdio: 'ignore' });
    else execFileSync(command, args, { stdio: 'ignore' });
  }

  async start(): Promise<void> {
    rmSync(this.root, { recursive: true, force: true });
    mkdirSync(this.root, { recursive: true });
    if (process.getuid?.() === 0) chownSync(this.root, postgresUid(), postgresUid());
    this.#run('initdb', ['-D', this.#dataDir, '-A', 'trust', '-U', 'postgres']);
    this.#run('pg_ctl', ['-D', this.#dataDir, '-o', this.#options, '-l', `${this.root}/log`, '-w', 'start']);
    const admin = new pg.Client({ connectionString: this.url.replace(/\/chaos$/, '/postgres') });
    await admin.connect();
    await admin.query('CREATE DATABASE chaos');
    await admin.end();
  }

  /** `pg_ctl restart -m immediate`: every backend dies at once, as in a crash; recovery replays the WAL. */
  restartImmediate(): void {
    this.restarts += 1;
    this.#run('pg_ctl', ['-D', this.#dataDir, '-o', this.#options, '-l', `${this.root}/log`, '-m', 'immediate', '-w', 'restart']);
  }

  stop(): void {
    if (existsSync(`${this.#dataDir}/postmaster.pid`)) this.#run('pg_ctl', ['-D', this.#dataDir, '-m', 'fast', '-w', 'stop']);
    rmSync(this.root, { recursive: true, force: true });
  }
}

function newestPostgresBin(): string {
  const versions = execFileSync('ls', ['/usr/lib/postgresql']).toString().split('\n').filter(Boolean).sort((a, b) => Number(b) - Number(a));
  if (versions.length === 0) throw new Error('no PostgreSQL under /usr/lib/postgresql; set CHAOS_PG_BIN');
  return `/usr/lib/postgresql/${versions[0]}/bin`;
}

function postgresUid(): number {
  return Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
}
