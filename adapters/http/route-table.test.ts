import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { HttpMethod } from '../../kernel/contract/route.js';
import { RouteTable } from './route-table.js';

const direct = (method: HttpMethod, path: string) => ({ method, path, direct: `${method} ${path}` });
const viaExpress = (method: HttpMethod, path: string) => ({ method, path, direct: undefined });

const table = new RouteTable<string>([
  viaExpress('GET', '/api/health'),
  direct('POST', '/api/v2/transfers'),
  direct('GET', '/api/v2/accounts/:id'),
  direct('GET', '/api/v2/accounts/export'),
  direct('GET', '/api/v2/things/mine'),
  direct('GET', '/api/v2/things/:id'),
  direct('POST', '/api/v2/accounts/:id/deposit'),
  viaExpress('GET', '/api/v2/files/:name.json'),
  direct('GET', '/api/v2/files/list'),
]);

test('an exact path finds its route, with the raw query apart', () => {
  assert.equal(table.find('POST', '/api/v2/transfers'), { handler: 'POST /api/v2/transfers', template: '/api/v2/transfers', pathname: '/api/v2/transfers', query: null, params: {} });
  const withQuery = table.find('POST', '/api/v2/transfers?x=1&y=%20');
  assert.is(withQuery?.pathname, '/api/v2/transfers');
  assert.is(withQuery?.query, 'x=1&y=%20');
  assert.is(table.find('POST', '/api/v2/transfers?')?.query, '');
});

test('parameters are one non-empty segment, decoded', () => {
  const found = table.find('POST', '/api/v2/accounts/a%20b/deposit');
  assert.is(found?.template, '/api/v2/accounts/:id/deposit');
  assert.equal(found?.params, { id: 'a b' });
  assert.is(table.find('POST', '/api/v2/accounts//deposit'), undefined);
  assert.is(table.find('GET', '/api/v2/accounts/a.b')?.params.id, 'a.b');
});

test('the first route in mount order takes a path, as in express', () => {
  // /accounts/:id was mounted first, so it takes /accounts/export.
  assert.is(table.find('GET', '/api/v2/accounts/export')?.handler, 'GET /api/v2/accounts/:id');
  assert.is(table.find('GET', '/api/v2/things/mine')?.handler, 'GET /api/v2/things/mine');
  assert.is(table.find('GET', '/api/v2/things/other')?.handler, 'GET /api/v2/things/:id');
});

test('paths match case-sensitively and strictly', () => {
  assert.is(table.find('POST', '/api/v2/Transfers'), undefined);
  assert.is(table.find('POST', '/api/v2/transfers/'), undefined);
  assert.is(table.find('POST', '/api/v2/transfer%73'), undefined);
});

test('what the table leaves to express: HEAD, OPTIONS, other methods, unknown paths, express-only routes, unusual targets', () => {
  assert.is(table.find('HEAD', '/api/v2/accounts/a'), undefined);
  assert.is(table.find('OPTIONS', '/api/v2/transfers'), undefined);
  assert.is(table.find('GET', '/api/v2/transfers'), undefined);
  assert.is(table.find('POST', '/api/v2/nothing'), undefined);
  assert.is(table.find('GET', '/api/health'), undefined);
  assert.is(table.find('POST', 'http://example.test/api/v2/transfers'), undefined);
  assert.is(table.find('POST', '/api/v2/transfers#frag'), undefined);
  assert.is(table.find('POST', '/api/v2/trans fers'), undefined);
  assert.is(table.find(undefined, '/api/v2/transfers'), undefined);
  assert.is(table.find('POST', undefined), undefined);
});

test('a parameter that does not decode, and a template the table does not read, are left to express', () => {
  assert.is(table.find('GET', '/api/v2/accounts/%E0%A4%A'), undefined);
  // '/files/:name.json' comes first and could take /files/list: express decides.
  assert.is(table.find('GET', '/api/v2/files/list'), undefined);
});

test.run();
