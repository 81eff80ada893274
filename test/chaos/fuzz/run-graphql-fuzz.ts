import { EventStore } from '../../../ports/event-store.js';
import { bootGraphql } from '../../e2e/graphql-kit.js';
import { brokenFields, fuzzGraphql } from './graphql-fuzzer.js';

/**
 * The full GraphQL fuzz of `npm run chaos`, on PostgreSQL (`databaseUrl`,
 * a fresh database of the harness's cluster). In-process, because a
 * serving process limits GraphQL to 120 requests a minute per key (the
 * spec's fixed limit) and the fuzz sends tens of thousands; the schema,
 * resolvers, validation and store are the service's own.
 */
export async function fuzzGraphqlOnPostgres(options: { databaseUrl: string; seed: number; limit?: number; perField: boolean }): Promise<Record<string, unknown>> {
  const previous = process.env.DATABASE_URL;
  process.env.DATABASE_URL = options.databaseUrl;
  const g = await bootGraphql({ store: 'postgres', rateLimits: false });
  try {
    const user = await g.createUser('GraphqlFuzz');
    const account = await g.request('POST', '/api/v2/accounts', { key: user.key, body: { name: 'Fuzzed', type: 'personal' } });
    const started = Date.now();
    const reports = await fuzzGraphql(
      { baseUrl: g.url, key: user.key, knownId: account.body.data.uuid, probe: async () => String(await g.k.get(EventStore).head()) },
      { seed: options.seed, ...(options.limit === undefined ? {} : { limit: options.limit }) },
    );
    const all = Object.values(reports);
    const broken = brokenFields(reports);
    return {
      fuzz: 'graphql',
      seconds: Math.round((Date.now() - started) / 100) / 10,
      fields: all.length,
      cases: all.reduce((sum, report) => sum + report.cases, 0),
      answers_5xx: all.reduce((sum, report) => sum + report.server_errors, 0),
      internal_errors: all.reduce((sum, report) => sum + report.internal_errors, 0),
      no_answer: all.reduce((sum, report) => sum + report.no_answer, 0),
      state_changed_on_refusal: all.reduce((sum, report) => sum + report.state_changed_on_refusal, 0),
      violations: broken.length,
      ...(broken.length ? { broken } : {}),
      ...(options.perField ? { per_field: reports } : {}),
    };
  } finally {
    await g.close();
    if (previous === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = previous;
  }
}
