import 'reflect-metadata';
import { loadConfig } from '../config/load.js';
import { createHttpApi } from '../adapters/http/http-api.js';
import { httpDeps } from '../adapters/main/http-deps.js';
import { openService } from '../adapters/main/service.js';
import { JsonLogger } from '../adapters/system/json-logger.js';
import { OperatorKeys } from '../ports/operator-keys.js';
import { kernelGraphql } from '../adapters/main/graphql-deps.js';

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
const graphql = kernelGraphql(kernel, { rateLimits: false });
const http = createHttpApi(httpDeps(kernel, service.store, graphql));
const { port } = await http.listen(config.port, '127.0.0.1');
process.stdout.write(`READY ${port}\n`);
process.on('SIGTERM', () => {
  void http.close().then(() => service.close()).then(() => process.exit(0));
});
