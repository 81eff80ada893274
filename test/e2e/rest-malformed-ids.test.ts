import { readFileSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { EventStore } from '../../ports/event-store.js';
import type { TestResponse, TestUser } from '../fixtures/boot.js';
import { bootGraphql, type GraphqlKernel } from './graphql-kit.js';

/**
 * Every path parameter of every REST route of docs/openapi.json that can be
 * called without a body (GET, DELETE, and POST whose body is optional or
 * absent), malformed, on a store with uuid columns (PostgreSQL when
 * DATABASE_URL is set, else PGlite): the answer is a 4xx in the error
 * envelope, never a 5xx, and the event store's head does not move. A
 * malformed id must be refused before it reaches a store (issue 20's
 * PostgreSQL slice; the memory slice of the fuzzer is test/chaos).
 */
let g: GraphqlKernel;
let ada: TestUser;
/** A partner's bearer and X-Partner-Key, so /partner/ routes get past authentication to their parameters. */
let partner: { readonly bearer: string; readonly key: string };

test.before(async () => {
  g = await bootGraphql({ store: process.env['DATABASE_URL'] ? 'postgres' : 'pglite', rateLimits: false });
  ada = await g.createUser('Ada Malformed Path');
  const onboarded = await g.request('POST', '/api/v1/partner/onboard', {
    key: g.k.operatorKey,
    body: { organization_name: 'Partner Malformed', contact_email: 'ops@partner.example', tier: 'growth', modules: ['core-banking'] },
  });
  assert.is(onboarded.status, 201, JSON.stringify(onboarded.body));
  partner = { bearer: onboarded.body.data.api_credentials.user_api_key, key: onboarded.body.data.api_credentials.api_key };
});
test.after(async () => {
  await g?.close();
});

/** Already encoded for a path segment: each is sent as written. */
const MALFORMED: Readonly<Record<string, string>> = {
  'not a uuid': 'not-a-uuid',
  'too long': encodeURIComponent('00000000-0000-4000-8000-000000000000' + 'f'.repeat(300)),
  'too long a number': '9'.repeat(400),
  unicode: encodeURIComponent('ü😀名\u202e'),
  'an encoded ../': '..%2F..%2Fadmin',
  'a NUL byte': 'a%00b',
};
/** The other path parameters of a route: well formed, so the malformed one is what is refused. */
const WELL_FORMED = '00000000-0000-4000-8000-000000000000';

interface Call {
  readonly route: string;
  readonly method: string;
  readonly path: string;
  /** Which parameter is malformed, and how. */
  readonly label: string;
}

function calls(document: any): Call[] {
  const out: Call[] = [];
  for (const [template, item] of Object.entries<any>(document.paths)) {
    const names = [...template.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);
    for (const method of ['get', 'delete', 'post']) {
      const operation = item[method];
      if (!operation || names.length === 0) continue;
      if (method === 'post' && operation.requestBody?.required) continue;
      for (const name of names) {
        for (const [label, value] of Object.entries(MALFORMED)) {
          const path = template.replace(/\{([^}]+)\}/g, (_: string, other: string) => (other === name ? value : WELL_FORMED));
          out.push({ route: `${method.toUpperCase()} ${template}`, method: method.toUpperCase(), path, label: `${name} ${label}` });
        }
      }
    }
  }
  return out;
}

/** As the caller the route is for: the operator on /admin/ and /sandbox/, a partner on /partner/, else Ada; a route refusing Ada for want of the operator key is asked again by the operator. */
async function send(call: Call): Promise<TestResponse> {
  if (/\/(admin|sandbox)\//.test(call.path)) return g.request(call.method, call.path, { key: g.k.operatorKey });
  if (call.path.startsWith('/api/v2/partner/')) return g.request(call.method, call.path, { key: partner.bearer, headers: { 'x-partner-key': partner.key } });
  const answer = await g.request(call.method, call.path, { key: ada.key });
  const operatorOnly = answer.status === 403 && answer.body?.errors?.[0]?.code === 'insufficient_permission';
  return operatorOnly ? g.request(call.method, call.path, { key: g.k.operatorKey }) : answer;
}

test('a malformed path parameter of any bodiless route is a 4xx that changes nothing, never a 5xx', async () => {
  const planned = calls(JSON.parse(readFileSync('docs/openapi.json', 'utf8')));
  const routes = new Map<string, Call[]>();
  for (const call of planned) routes.set(call.route, [...(routes.get(call.route) ?? []), call]);
  assert.ok(routes.size > 80, `only ${routes.size} routes called`);
  const events = g.k.get(EventStore);
  const failures: string[] = [];
  const statuses = new Map<number, number>();
  // One call at a time (a 5xx must not be a pool running dry); the event store's head is compared around each route.
  for (const [route, cases] of routes) {
    const before = await events.head();
    const problems: string[] = [];
    for (const call of cases) {
      const answer = await send(call);
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      if (answer.status < 400 || answer.status >= 500) problems.push(`${call.label} → ${answer.status} ${JSON.stringify(answer.body?.errors?.[0] ?? answer.body).slice(0, 160)}`);
      else if (!Array.isArray(answer.body?.errors) || answer.body.errors.length === 0) problems.push(`${call.label} → ${answer.status} without the error envelope`);
    }
    if ((await events.head()) !== before) problems.push('the event store moved');
    if (problems.length > 0) failures.push(`${route}: ${problems.join('; ')}`);
  }
  assert.equal(failures, [], `statuses: ${JSON.stringify(Object.fromEntries(statuses))}`);
});

test.run();
