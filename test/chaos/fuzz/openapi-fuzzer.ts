import { request } from 'node:http';
import { ChaosRandom } from '../random.js';

/**
 * The OpenAPI-driven fuzzer: for every operation of the document, every
 * path and query parameter and every body field (refs resolved, one level
 * of nesting), hostile values of every kind, and whole-body attacks
 * (malformed JSON, wrong content types, duplicate keys, deep nesting).
 * A 5xx is a violation; so is a refused request (4xx) after which the
 * state probe (the event store's head) moved. Reported per route.
 * `limit` picks that many cases per operation, seeded, for a short slice.
 */
export interface FuzzTarget {
  readonly baseUrl: string;
  /** The key for an operation: the operator's for /admin/ and /sandbox/ routes, a user's otherwise. */
  keyFor(path: string): string;
  /** Path parameter values that exist (an account of the caller), so cases get past the 404 into validation. */
  readonly knownIds: Record<string, string>;
  /** Anything that changes when state changes (the event store's head). */
  probe(): Promise<string>;
}

export interface RouteReport {
  cases: number;
  statuses: Record<string, number>;
  server_errors: number;
  /** The connection closed with no answer (a violation too: every request gets an answer). */
  no_answer: number;
  state_changed_on_refusal: number;
  examples: string[];
}

interface Case {
  readonly label: string;
  readonly path: string;
  readonly query?: string;
  readonly contentType?: string;
  readonly body?: Buffer;
}

export const HOSTILE: readonly unknown[] = [
  null,
  true,
  0,
  -1,
  1.5,
  1e308,
  -1e308,
  2 ** 53 + 1,
  '',
  ' ',
  '0',
  '-0',
  'NaN',
  '1e999',
  '9'.repeat(400),
  '0.' + '1'.repeat(60),
  'a'.repeat(100_000),
  '😀'.repeat(2000),
  'a\u0000b',
  'a\ud800b',
  '\u202e\u0301',
  '../../etc/passwd',
  "'; DROP TABLE accounts; --",
  '__proto__',
  '2026-02-30',
  '00000000-0000-0000-0000-000000000000',
  [],
  [1, 'a', null],
  {},
  { __proto__: { polluted: true } },
];

const HOSTILE_STRINGS = HOSTILE.filter((value): value is string => typeof value === 'string' && value.length < 5000);

function describe(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 37)}…(${text.length})` : text;
}

function resolve(document: any, schema: any): any {
  let current = schema;
  for (let depth = 0; current?.$ref && depth < 10; depth++) current = current.$ref.split('/').slice(1).reduce((node: any, part: string) => node?.[part], document);
  return current ?? {};
}

/** A plausible value for a schema, so one field at a time can be the hostile one. */
function plausible(document: any, schema: any, depth = 0): unknown {
  const resolved = resolve(document, schema);
  if (resolved.example !== undefined) return resolved.example;
  if (resolved.enum) return resolved.enum[0];
  if (resolved.anyOf || resolved.oneOf) return plausible(document, (resolved.anyOf ?? resolved.oneOf)[0], depth + 1);
  switch (resolved.type) {
    case 'integer':
    case 'number':
      return resolved.minimum ?? 1;
    case 'boolean':
      return true;
    case 'array':
      return depth > 3 ? [] : [plausible(document, resolved.items, depth + 1)];
    case 'object':
      return depth > 3 ? {} : Object.fromEntries(Object.entries(resolved.properties ?? {}).map(([name, property]) => [name, plausible(document, property, depth + 1)]));
    default:
      return 'x';
  }
}

function cases(document: any, path: string, operation: any, target: FuzzTarget): Case[] {
  const params: any[] = (operation.parameters ?? []).map((parameter: any) => resolve(document, parameter));
  const pathParams = params.filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name as string);
  const fill = (overrides: Record<string, string> = {}) =>
    path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(overrides[name] ?? target.knownIds[name] ?? target.knownIds.id ?? 'x').replace(/%F0%9F/g, '%F0%9F'));
  const out: Case[] = [];
  for (const name of pathParams) for (const value of HOSTILE_STRINGS) out.push({ label: `path ${name}=${describe(value)}`, path: fill({ [name]: value.replace(/\p{Cs}/gu, '') }) });
  for (const parameter of params.filter((candidate) => candidate.in === 'query')) {
    for (const value of HOSTILE) {
      const text = typeof value === 'string' ? value.replace(/\p{Cs}/gu, '').slice(0, 5000) : JSON.stringify(value);
      out.push({ label: `query ${parameter.name}=${describe(value)}`, path: fill(), query: `${encodeURIComponent(parameter.name)}=${encodeURIComponent(text ?? '')}` });
    }
  }
  const schema = resolve(document, operation.requestBody?.content?.['application/json']?.schema);
  if (operation.requestBody) {
    const valid = (plausible(document, schema) ?? {}) as Record<string, unknown>;
    const json = (value: unknown) => Buffer.from(JSON.stringify(value));
    for (const field of Object.keys(resolve(document, schema).properties ?? {})) {
      for (const value of HOSTILE) out.push({ label: `body ${field}=${describe(value)}`, path: fill(), contentType: 'application/json', body: json({ ...valid, [field]: value }) });
      out.push({ label: `body ${field} missing`, path: fill(), contentType: 'application/json', body: json(Object.fromEntries(Object.entries(valid).filter(([key]) => key !== field))) });
      out.push({ label: `body ${field} duplicated`, path: fill(), contentType: 'application/json', body: Buffer.from(`${JSON.stringify(valid).slice(0, -1)}${Object.keys(valid).length ? ',' : ''}"${field}":${JSON.stringify(valid[field] ?? 1)},"${field}":"dup"}`) });
    }
    out.push({ label: 'body malformed JSON', path: fill(), contentType: 'application/json', body: Buffer.from('{"amount": "1",') });
    out.push({ label: 'body invalid UTF-8', path: fill(), contentType: 'application/json', body: Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]) });
    out.push({ label: 'body text/plain', path: fill(), contentType: 'text/plain', body: json(valid) });
    out.push({ label: 'body form-encoded', path: fill(), contentType: 'application/x-www-form-urlencoded', body: Buffer.from('amount=1&asset_code=USD') });
    out.push({ label: 'body no content type', path: fill(), body: json(valid) });
    out.push({ label: 'body deep nesting', path: fill(), contentType: 'application/json', body: Buffer.from(`${'['.repeat(20_000)}${']'.repeat(20_000)}`) });
    out.push({ label: 'body deep object', path: fill(), contentType: 'application/json', body: Buffer.from(`${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`) });
    out.push({ label: 'body array', path: fill(), contentType: 'application/json', body: json([valid]) });
    out.push({ label: 'body 2 MB', path: fill(), contentType: 'application/json', body: json({ ...valid, padding: 'x'.repeat(2_000_000) }) });
  }
  return out;
}

function send(target: FuzzTarget, method: string, item: Case): Promise<number> {
  const url = new URL(item.path + (item.query ? `?${item.query}` : ''), target.baseUrl);
  return new Promise((resolve) => {
    const outgoing = request(
      url,
      {
        method,
        timeout: 20_000,
        headers: {
          authorization: `Bearer ${target.keyFor(item.path)}`,
          ...(item.contentType ? { 'content-type': item.contentType } : {}),
          ...(item.body ? { 'content-length': item.body.length } : {}),
        },
      },
      (incoming) => {
        incoming.resume();
        incoming.on('end', () => resolve(incoming.statusCode ?? 0));
        incoming.on('error', () => resolve(0));
      },
    );
    outgoing.on('timeout', () => outgoing.destroy());
    // A refused body may be answered before it is all sent; the answer is what counts.
    outgoing.on('error', () => resolve(0));
    outgoing.end(item.body);
  });
}

/** Fuzzes every operation of `document`; `limit` cases per operation when set (seeded). */
export async function fuzzOpenApi(document: any, target: FuzzTarget, options: { seed: number; limit?: number }): Promise<Record<string, RouteReport>> {
  const random = new ChaosRandom(options.seed);
  const reports: Record<string, RouteReport> = {};
  for (const [path, item] of Object.entries<any>(document.paths)) {
    for (const method of ['get', 'post', 'put', 'patch', 'delete']) {
      const operation = item[method];
      if (!operation) continue;
      let all = cases(document, path, { ...operation, parameters: [...(item.parameters ?? []), ...(operation.parameters ?? [])] }, target);
      if (options.limit !== undefined && all.length > options.limit) {
        const picked: Case[] = [];
        while (picked.length < options.limit) picked.push(all.splice(random.int(all.length), 1)[0]!);
        all = picked;
      }
      const report: RouteReport = { cases: 0, statuses: {}, server_errors: 0, no_answer: 0, state_changed_on_refusal: 0, examples: [] };
      for (const item of all) {
        const before = await target.probe();
        const status = await send(target, method.toUpperCase(), item);
        report.cases += 1;
        report.statuses[status] = (report.statuses[status] ?? 0) + 1;
        if (status >= 500 || status === 0) {
          if (status === 0) report.no_answer += 1;
          else report.server_errors += 1;
          if (report.examples.length < 5) report.examples.push(`${status} ${item.label}`);
        } else if (status >= 400 && (await target.probe()) !== before) {
          report.state_changed_on_refusal += 1;
          if (report.examples.length < 5) report.examples.push(`state changed on ${status}: ${item.label}`);
        }
      }
      reports[`${method.toUpperCase()} ${path}`] = report;
    }
  }
  return reports;
}
