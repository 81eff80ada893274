import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy on 127.0.0.1. Between the service processes and PostgreSQL:
 * `cut()` destroys every open connection and refuses new ones (as a
 * network partition that resets), `restore()` accepts again. The service
 * sees its pool's connections fail mid-query and must neither lose an
 * acknowledged write nor apply one twice. In front of the service
 * processes (the target a function answering a live one's port, as a load
 * balancer picks): the service's own public address, which stays the same
 * while processes are killed and replaced on new ports.
 */
export class TcpProxy {
  #server: Server | undefined;
  readonly #sockets = new Set<Socket>();
  #cut = false;
  cuts = 0;

  constructor(private readonly target: number | (() => number | undefined)) {}

  async listen(): Promise<number> {
    this.#server = createServer((client) => {
      if (this.#cut) {
        client.destroy();
        return;
      }
      const port = typeof this.target === 'number' ? this.target : this.target();
      if (port === undefined) {
        client.destroy();
        return;
      }
      const upstream = connect(port, '127.0.0.1');
      for (const [from, to] of [
        [client, upstream],
        [upstream, client],
      ] as const) {
        this.#sockets.add(from);
        from.on('error', () => to.destroy());
        from.on('close', () => {
          this.#sockets.delete(from);
          to.destroy();
        });
        from.pipe(to);
      }
    });
    await new Promise<void>((resolve) => this.#server!.listen(0, '127.0.0.1', resolve));
    const address = this.#server.address();
    if (typeof address !== 'object' || !address) throw new Error('proxy has no port');
    return address.port;
  }

  cut(): void {
    this.cuts += 1;
    this.#cut = true;
    for (const socket of this.#sockets) socket.destroy();
  }

  restore(): void {
    this.#cut = false;
  }

  async close(): Promise<void> {
    this.cut();
    await new Promise<void>((resolve) => this.#server?.close(() => resolve()) ?? resolve());
  }
}
