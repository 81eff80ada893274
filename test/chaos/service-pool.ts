import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/**
 * Service processes (`npm start`'s entry point) on one database, as a
 * deployment behind a load balancer runs them. `killHard(i)` is `kill -9`;
 * `respawn(i)` starts a replacement on a new port. Clients ask `urls()`
 * for the live ones, so a request after a kill goes to a survivor.
 */
export class ServicePool {
  readonly #children: (ChildProcess | undefined)[] = [];
  readonly #urls: (string | undefined)[] = [];
  kills = 0;

  constructor(private readonly env: Record<string, string>) {}

  async start(count: number): Promise<void> {
    // One after the other: the first runs the migrations, the next find them done.
    for (let i = 0; i < count; i++) await this.respawn(i);
  }

  urls(): string[] {
    return this.#urls.filter((url): url is string => url !== undefined);
  }

  get size(): number {
    return this.#children.length;
  }

  async respawn(index: number): Promise<void> {
    const port = await freePort();
    // With CHAOS_CLOCK_FILE, the clock-jump fault's offset is preloaded (faults/clock-offset.ts).
    const preload = this.env.CHAOS_CLOCK_FILE ? ['--import', './dist/test/chaos/faults/clock-offset.js'] : [];
    const child = spawn(process.execPath, [...preload, 'dist/adapters/main/server.js'], {
      env: { ...process.env, ...this.env, PORT: String(port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'ignore', process.env.CHAOS_SERVICE_LOGS === '1' ? 'inherit' : 'ignore'],
    });
    this.#children[index] = child;
    const url = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`service ${index} exited (${child.exitCode ?? child.signalCode}) while starting`);
      try {
        if ((await fetch(`${url}/api/health`)).ok) break;
      } catch {
        // Not listening yet.
      }
      if (Date.now() > deadline) throw new Error(`service ${index} not healthy in 90 s`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    this.#urls[index] = url;
  }

  /** kill -9: no shutdown hook runs, in-flight requests and transactions are cut. */
  killHard(index: number): void {
    const child = this.#children[index];
    this.#urls[index] = undefined;
    if (child && child.exitCode === null) {
      this.kills += 1;
      child.kill('SIGKILL');
    }
  }

  /** Sends `signal` to every live process (the clock jump's SIGUSR2). */
  signal(signal: NodeJS.Signals): void {
    for (const [index, child] of this.#children.entries()) {
      if (child && this.#urls[index] !== undefined && child.exitCode === null && child.signalCode === null) child.kill(signal);
    }
  }

  async stop(): Promise<void> {
    await Promise.all(
      this.#children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (!child || child.exitCode !== null || child.signalCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
          }),
      ),
    );
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}
