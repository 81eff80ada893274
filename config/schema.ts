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
  environment: z.enum(['production', 'development', 'test']).default('development'),
  port: z.coerce.number().int().min(0).max(65535).default(8080),
  host: z.string().default('0.0.0.0'),
  store: z.enum(['memory', 'pglite', 'postgres']),
  dataDir: z.string().default('./data'),
  /** Lowest level written to the JSON log on stderr (every request is logged at info). */
  logLevel: z.enum(['info', 'warn', 'error', 'silent']).default('info'),
  databaseUrl: z.string().optional(),
  /** Built-in modules to enable; undefined means all. */
  modules: z.array(z.string()).optional(),
  /** External plugin packages (ESM specifiers). */
  plugins: z.array(z.string()).default([]),
  adminKey: z
    .string()
    .regex(/^fak_[A-Za-z0-9_-]{28,}$/, 'must start with fak_ and be at least 32 characters')
    .optional(),
  assets: z.array(assetSchema).min(1).default([...DEFAULT_ASSETS]),
  usdPrices: z.record(z.string(), decimalText).default({ ...DEFAULT_USD_PRICES }),
  /** Price feed: 'static' serves usdPrices as is; 'simulated' walks from them (adapters/price-sim, docs/gcu.md). */
  prices: z
    .object({
      source: z.enum(['static', 'simulated']).default('static'),
      seed: z.string().min(1).default('bank'),
      epoch: z.iso.datetime().default('2026-01-01T00:00:00Z'),
    })
    .prefault({}),
  http: z
    .object({
      bodyLimitBytes: z.number().int().positive().default(100_000),
      /** Requests per minute per API key (0 disables). */
      rateLimitPerMinute: z.number().int().min(0).default(600),
      /** Trust X-Forwarded-For from these proxies (express "trust proxy"). */
      trustProxy: z.union([z.boolean(), z.string()]).default(false),
      shutdownGraceMs: z.number().int().positive().default(10_000),
      /** On SIGTERM, readiness answers 503 this long while requests are still served (a balancer's probe interval times its failure threshold), then the server closes. */
      shutdownDelayMs: z.number().int().min(0).default(0),
      /** The request line and headers must arrive within this, else 408 and the connection is closed. */
      headersTimeoutMs: z.number().int().positive().default(30_000),
      /** The whole request, body included, must arrive within this (408); the time to answer it is not limited. */
      requestTimeoutMs: z.number().int().positive().default(60_000),
      /** An idle keep-alive connection is closed after this. */
      keepAliveTimeoutMs: z.number().int().positive().default(5_000),
      /** Saved Idempotency-Key responses are kept this long (at least 24 h), then pruned hourly. */
      idempotencyRetentionHours: z.number().int().min(24).default(24),
      /** Tests only: check every success body against its route's response view; a mismatch is a 500 naming the fields. */
      checkResponses: z.boolean().default(false),
      /**
       * Group commit of batch operations (POST /transfers): requests arriving while `maxInFlight`
       * batches run wait and leave together, at most `maxBatch` per unit of work.
       */
      groupCommit: z
        .object({
          maxBatch: z.number().int().min(1).max(1000).default(100),
          maxInFlight: z.number().int().min(1).max(64).default(1),
        })
        .prefault({}),
    })
    .refine((http) => http.headersTimeoutMs <= http.requestTimeoutMs, { path: ['headersTimeoutMs'], message: 'must not exceed requestTimeoutMs' })
    .prefault({}),
  /** GET /api/health/ready: how long the store may take to answer, and how far (log positions) a consumer group may trail; null: lag not checked. */
  readiness: z
    .object({
      storeTimeoutMs: z.number().int().positive().default(2_000),
      maxConsumerLag: z.number().int().min(0).nullable().default(10_000),
    })
    .prefault({}),
  postgres: z
    .object({ poolSize: z.number().int().min(1).max(100).default(16) })
    .prefault({}),
  workflows: z
    .object({
      pollIntervalMs: z.number().int().positive().default(200),
      batchSize: z.number().int().positive().default(200),
      /** Due runs advanced in parallel by one process (bounded by the database pool on PostgreSQL). */
      concurrency: z.number().int().min(1).max(64).default(8),
    })
    .prefault({}),
  /** Per-plugin slices, validated by each plugin's own schema. */
  pluginConfig: z.record(z.string(), z.unknown()).default({}),
});

export type KernelConfig = z.infer<typeof kernelConfigSchema>;
