import 'reflect-metadata';
import { loadConfig } from '../config/load.js';
import { createGraphqlAdapter } from '../adapters/graphql/index.js';
import { createHttpApi } from '../adapters/http/http-api.js';
import { httpDeps } from '../adapters/main/http-deps.js';
import { openService } from '../adapters/main/service.js';
import { JsonLogger } from '../adapters/system/json-logger.js';
import { Authenticator } from '../ports/authenticator.js';
import { Clock } from '../ports/clock.js';
import { EventStream } from '../ports/event-stream.js';
import { IdempotencyStore } from '../ports/idempotency-store.js';
import { Ids } from '../ports/ids.js';
import { UnitOfWork } from '../ports/unit-of-work.js';
import { Logger } from '../ports/logger.js';
import { OperatorKeys } from '../ports/operator-keys.js';

/**
 * The service as `npm start` runs it, except that the GraphQL request limits
 * (120 per minute per key) are off: the benchmark measures the server, not
 * the limiter. Prints "READY <port>" when listening.
 */
const config = loadConfig();
const service = await openService({ config, logger: new JsonLogger('silent') });
await service.kernel.start({ background: true });
await service.kernel.get(OperatorKeys).ensureOperator(config.adminKey);
const kernel = service.kernel;
const graphql = createGraphqlAdapter({
  domains: kernel.graphql,
  runtime: { resolve: (token) => kernel.get(token), events: kernel.get(EventStream) },
  authenticator: kernel.get(Authenticator),
  clock: kernel.get(Clock),
  ids: kernel.get(Ids),
  logger: kernel.get(Logger),
  bodyLimitBytes: config.http.bodyLimitBytes,
  idempotency: kernel.get(IdempotencyStore),
  unitOfWork: kernel.get(UnitOfWork),
  rateLimits: false,
});
const http = createHttpApi({ ...httpDeps(kernel, service.store), extensions: [graphql] });
const { port } = await http.listen(config.port, '127.0.0.1');
process.stdout.write(`READY ${port}\n`);
process.on('SIGTERM', () => {
  void http.close().then(() => service.close()).then(() => process.exit(0));
});
