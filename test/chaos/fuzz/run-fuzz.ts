import { readFileSync } from 'node:fs';
import pg from 'pg';
import type { CarefulClient } from '../careful-client.js';
import { fuzzOpenApi, type RouteReport } from './openapi-fuzzer.js';

/**
 * The full OpenAPI fuzz against a service process on PostgreSQL: the
 * state probe reads the events table's head directly, so a refusal that
 * committed anything shows whichever process answered.
 */
export async function fuzzService(options: { baseUrl: string; databaseUrl: string; operatorKey: string; userKey: string; client: CarefulClient; seed: number; limit?: number }): Promise<Record<string, unknown>> {
  const account = await options.client.send('POST', '/api/v2/accounts', { name: 'Fuzzed', type: 'personal' }, `fuzz-${options.seed}`);
  const db = new pg.Client({ connectionString: options.databaseUrl });
  await db.connect();
  const started = Date.now();
  try {
    const document = JSON.parse(readFileSync('docs/openapi.json', 'utf8'));
    const reports = await fuzzOpenApi(
      document,
      {
        baseUrl: options.baseUrl,
        keyFor: (path) => (/\/(admin|sandbox)\//.test(path) ? options.operatorKey : options.userKey),
        knownIds: { id: account.body.data.uuid },
        probe: async () => String((await db.query('select max(position) as head from events')).rows[0].head),
      },
      { seed: options.seed, ...(options.limit === undefined ? {} : { limit: options.limit }) },
    );
    const all = Object.values(reports) as RouteReport[];
    const broken = Object.fromEntries(Object.entries(reports).filter(([, report]) => report.server_errors + report.no_answer + report.state_changed_on_refusal > 0));
    return {
      fuzz: 'openapi',
      seconds: Math.round((Date.now() - started) / 100) / 10,
      operations: all.length,
      cases: all.reduce((sum, report) => sum + report.cases, 0),
      answers_5xx: all.reduce((sum, report) => sum + report.server_errors, 0),
      no_answer: all.reduce((sum, report) => sum + report.no_answer, 0),
      state_changed_on_refusal: all.reduce((sum, report) => sum + report.state_changed_on_refusal, 0),
      violations: Object.keys(broken).length,
      per_route: Object.fromEntries(Object.entries(reports).map(([route, report]) => [route, { cases: report.cases, statuses: report.statuses, ...(report.examples.length ? { examples: report.examples } : {}) }])),
    };
  } finally {
    await db.end();
  }
}
