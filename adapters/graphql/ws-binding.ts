import type { IncomingMessage } from 'node:http';
import { CloseCode, handleProtocols, makeServer, type ServerOptions } from 'graphql-ws';
import type { WebSocket, WebSocketServer } from 'ws';
import type { Logger } from '../../ports/logger.js';

/** What the graphql-ws hooks see as ctx.extra: the socket and its upgrade request. */
export interface SocketExtra {
  readonly socket: WebSocket;
  readonly request: IncomingMessage;
}

/** A ping this often; a socket that has not answered the last one by the next is dropped. */
const KEEP_ALIVE_MS = 12_000;
/** How graphql-ws's protocol server refuses a message a client may not send (next, error, an unknown type). */
const UNEXPECTED_MESSAGE = /^Unexpected message of type /;

/**
 * graphql-ws's protocol server (makeServer) on ws sockets, in place of the
 * library's own binding (useServer), which differs in three ways: a message
 * the protocol does not allow from a client closes the socket with 4400 Bad
 * Request, where useServer answers 4500 as if the server had failed; what
 * goes wrong is logged by our logger, not printed with console.error, and a
 * client that vanished mid-write (EPIPE) is not an error of ours; and an
 * internal failure closes with a fixed reason, never the error's own text.
 */
export function bindGraphqlWs<P extends Record<string, unknown>, E extends Record<PropertyKey, unknown>>(
  options: ServerOptions<P, SocketExtra & Partial<E>>,
  wss: WebSocketServer,
  logger: Logger,
): void {
  const server = makeServer(options);
  wss.options.handleProtocols = handleProtocols;
  wss.on('connection', (socket: WebSocket, request: IncomingMessage) => {
    socket.once('error', (error) => {
      logger.info('graphql-ws: socket error', { error });
      socket.terminate();
    });
    let pongWait: NodeJS.Timeout | undefined;
    const keepAlive = setInterval(() => {
      if (socket.readyState !== socket.OPEN) return;
      pongWait = setTimeout(() => socket.terminate(), KEEP_ALIVE_MS);
      socket.once('pong', () => clearTimeout(pongWait));
      socket.ping();
    }, KEEP_ALIVE_MS);
    const closed = server.opened(
      {
        protocol: socket.protocol,
        send: (data) =>
          new Promise<void>((resolve, reject) => {
            if (socket.readyState !== socket.OPEN) return resolve();
            socket.send(data, (error) => (error ? reject(error) : resolve()));
          }),
        close: (code, reason) => socket.close(code, reason),
        onMessage: (handle) =>
          socket.on('message', async (data) => {
            try {
              await handle(String(data));
            } catch (error) {
              const message = error instanceof Error ? error.message : String(error);
              if (UNEXPECTED_MESSAGE.test(message)) {
                socket.close(CloseCode.BadRequest, message);
                return;
              }
              logger.error('graphql-ws: message handling failed', { error: message });
              socket.close(CloseCode.InternalServerError, 'Internal server error');
            }
          }),
      },
      { socket, request } as SocketExtra & Partial<E>,
    );
    socket.once('close', (code, reason) => {
      clearTimeout(pongWait);
      clearInterval(keepAlive);
      void closed(code, String(reason));
    });
  });
}
