import { z } from 'zod';
import { DEFAULT_ASSETS, DEFAULT_USD_PRICES } from './assets.js';

const assetSchema = z.object({
  code: z.string().regex(/^[A-Z][A-Z0-9]{1,11}$/),
  name: z.string().min(1),
  type: z.enum(['fiat', 'commodity', 'crypto', 'basket']),
  precision: z.number().int().min(0).max(18),
});

const decimalText = z.string().regex(/^(0|[1-9]\d*)(\.\d+)?$/, 'a decimal string');

/** The kernel's configuration; each plugin validates its own slice under `plugins.<name>`. */
export const kernelConfigSchema = z.object({
  environment: z.enum(['production', 'development', 'test']).default('development').describe('`test` turns off the per-request log lines; nothing else depends on it. Default `production` when NODE_ENV=production.'),
  port: z.coerce.number().int().min(0).max(65535).default(8080).describe('TCP port of the HTTP server (0: any free port).'),
  host: z.string().default('0.0.0.0').describe('Address the HTTP server listens on.'),
  workers: z
    .union([z.literal('auto'), z.number().int().min(1).max(256)])
    .default(1)
    .describe('Serving processes sharing the port (node:cluster), each running everything; `auto`: one per core. Above 1 only on the PostgreSQL store (docs/deploy.md).'),
  store: z.enum(['memory', 'pglite', 'postgres']).describe('Where the bank keeps its data; default `postgres` when DATABASE_URL is set, else `pglite` (memory keeps nothing across restarts).'),
  dataDir: z.string().default('./data').describe('PGlite files and the operator key files (admin-key, admin-key-postgres).'),
  secretsDir: z
    .string()
    .optional()
    .describe('Directory of key material kept out of the database (the custody seed). Default: `<dataDir>/secrets`, or `<dataDir>/secrets-postgres` on PostgreSQL; every process on one PostgreSQL must see the same files (a mounted secret). The memory store keeps secrets in the process.'),
  logLevel: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info').describe('Lowest level written to the JSON log on stderr (every request is logged at info; debug adds detail).'),
  databaseUrl: z.string().optional().describe('PostgreSQL connection string (store `postgres`).'),
  modules: z.array(z.string()).optional().describe('Built-in modules to enable; undefined means all.'),
  plugins: z.array(z.string()).default([]).describe('External plugin packages (ESM specifiers).'),
  adminKey: z
    .string()
    .regex(/^fak_[A-Za-z0-9_-]{28,}$/, 'must start with fak_ and be at least 32 characters')
    .optional()
    .describe('An operator key to install (`fak_` + at least 28 characters) instead of a generated one.'),
  assets: z.array(assetSchema).min(1).default([...DEFAULT_ASSETS]).describe('The asset catalogue: code, name, type and precision (decimal places) of each asset.'),
  usdPrices: z.record(z.string(), decimalText).default({ ...DEFAULT_USD_PRICES }).describe('USD price of one unit of each asset, as decimal strings (the static feed, and where the simulated one starts).'),
  prices: z
    .object({
      source: z.enum(['static', 'simulated']).default('static').describe('`static` serves usdPrices as is; `simulated` walks from them (docs/gcu.md).'),
      seed: z.string().min(1).default('bank').describe('Seed of the simulated walk: the same seed and epoch give the same prices.'),
      epoch: z.iso.datetime().default('2026-01-01T00:00:00Z').describe('Instant the simulated walk starts from usdPrices.'),
    })
    .prefault({})
    .describe('Price feed: \'static\' serves usdPrices as is; \'simulated\' walks from them (adapters/price-sim, docs/gcu.md).'),
  http: z
    .object({
      bodyLimitBytes: z.number().int().positive().default(100_000).describe('Largest request body accepted (413 above it).'),
      rateLimitPerMinute: z.number().int().min(0).default(600).describe('Requests per minute per API key (0 disables).'),
      failedAuthPerMinute: z
        .number()
        .int()
        .min(0)
        .default(20)
        .describe('Failed authentications (401) per client address: a bucket of this many, refilled at this many per minute; when empty, keys from the address get 429 (0 disables).'),
      trustProxy: z.union([z.boolean(), z.string()]).default(false).describe('Trust X-Forwarded-For from these proxies (express "trust proxy").'),
      shutdownGraceMs: z.number().int().positive().default(10_000).describe('On shutdown, requests in flight get this long to finish before connections are closed.'),
      shutdownDelayMs: z
        .number()
        .int()
        .min(0)
        .default(0)
        .describe("On SIGTERM, readiness answers 503 this long while requests are still served (a balancer's probe interval times its failure threshold), then the server closes."),
      headersTimeoutMs: z.number().int().positive().default(30_000).describe('The request line and headers must arrive within this, else 408 and the connection is closed.'),
      requestTimeoutMs: z.number().int().positive().default(60_000).describe('The whole request, body included, must arrive within this (408); the time to answer it is not limited.'),
      keepAliveTimeoutMs: z.number().int().positive().default(5_000).describe('An idle keep-alive connection is closed after this.'),
      idempotencyRetentionHours: z.number().int().min(24).default(24).describe('Saved Idempotency-Key responses are kept this long (at least 24 h), then pruned hourly.'),
      checkResponses: z.boolean().default(false).describe('Tests only: check every success body against its route\'s response view; a mismatch is a 500 naming the fields.'),
      groupCommit: z
        .object({
          maxBatch: z.number().int().min(1).max(1000).default(100).describe('Most transfers committed in one unit of work.'),
          maxInFlight: z.number().int().min(1).max(64).default(1).describe('Batches running at once; later requests wait and leave together.'),
        })
        .prefault({})
        .describe('Group commit of batch operations (POST /transfers): requests arriving while `maxInFlight` batches run wait and leave together, at most `maxBatch` per unit of work.'),
    })
    .refine((http) => http.headersTimeoutMs <= http.requestTimeoutMs, { path: ['headersTimeoutMs'], message: 'must not exceed requestTimeoutMs' })
    .prefault({}),
  readiness: z
    .object({
      storeTimeoutMs: z.number().int().positive().default(2_000).describe('How long the store may take to answer the readiness probe.'),
      maxConsumerLag: z
        .number()
        .int()
        .min(0)
        .nullable()
        .default(10_000)
        .describe('How far (log positions) a consumer group may trail the log and the process still be ready; null: lag not checked.'),
    })
    .prefault({})
    .describe('GET /api/health/ready: the store answers in time, consumer groups keep up, the process is not shutting down.'),
  postgres: z
    .object({ poolSize: z.number().int().min(1).max(100).default(16).describe('Connections in the PostgreSQL pool of one process.') })
    .prefault({}),
  workflows: z
    .object({
      pollIntervalMs: z.number().int().positive().default(200).describe('How often the workflow runner looks for due runs.'),
      batchSize: z.number().int().positive().default(200).describe('Due runs claimed per pass of the workflow runner.'),
      concurrency: z.number().int().min(1).max(64).default(8).describe('Due runs advanced in parallel by one process (bounded by the database pool on PostgreSQL).'),
    })
    .prefault({}),
  metrics: z
    .object({
      enabled: z.boolean().default(true).describe('Serve Prometheus metrics at GET /metrics (docs/metrics.md); off: the route is 404.'),
      scrapeToken: z
        .string()
        .regex(/^[\x21-\x7E]{32,512}$/, 'at least 32 printable characters, no spaces')
        .optional()
        .describe('A bearer token that reads GET /metrics besides the operator key (also BANK_METRICS_TOKEN).'),
    })
    .prefault({})
    .describe('Prometheus metrics at GET /metrics: the operator key, or the scrape token, as a bearer.'),
  pluginConfig: z.record(z.string(), z.unknown()).default({}).describe('Per-plugin slices, validated by each plugin\'s own schema.'),
});

export type KernelConfig = z.infer<typeof kernelConfigSchema>;
