export { createHttpApi, type HttpApi, type HttpApiDeps, type HttpRouteEntry } from './http-api.js';
export { buildOpenApi, type OpenApiInfo, type OpenApiRouteEntry, type OpenApiTagEntry } from './openapi.js';
