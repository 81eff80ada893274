import { z } from 'zod';

/**
 * The `data` of the health routes the adapter serves itself: the one source
 * for their TypeScript types and their OpenAPI schemas, as a plugin's views
 * are for its routes.
 */
export const HealthView = z
  .strictObject({
    status: z.literal('ok').describe('The store answered a no-op unit of work.'),
    version: z.string().describe('The service version.'),
    store: z.enum(['memory', 'pglite', 'postgres']).describe('The store this process runs on.'),
    modules: z
      .array(z.strictObject({ name: z.string(), version: z.string() }))
      .describe('The enabled modules (built-in and external), in load order.'),
  })
  .meta({
    id: 'Health',
    example: {
      status: 'ok',
      version: '0.1.0',
      store: 'postgres',
      modules: [
        { name: 'identity', version: '1.0.0' },
        { name: 'core-banking', version: '1.0.0' },
      ],
    },
  });
export type HealthView = z.infer<typeof HealthView>;

export const LivenessView = z.strictObject({ status: z.literal('live') }).meta({ id: 'Liveness', example: { status: 'live' } });
export type LivenessView = z.infer<typeof LivenessView>;

export const ReadinessView = z
  .strictObject({
    status: z.literal('ready'),
    checks: z.record(z.string(), z.literal('ok')).describe('Every check by name (store, consumers, shutdown), each passed.'),
  })
  .meta({ id: 'Readiness', example: { status: 'ready', checks: { store: 'ok', consumers: 'ok', shutdown: 'ok' } } });
export type ReadinessView = z.infer<typeof ReadinessView>;
