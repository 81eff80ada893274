import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { rawRequest, startFixture } from './http-test-kit.js';

test('a CONNECT request is answered 405 in the envelope, not a closed socket', async () => {
  const fixture = await startFixture();
  try {
    const answer = await rawRequest(fixture.port, 'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n');
    assert.is(answer.status, 405);
    assert.match(answer.head, /\r\nAllow: GET/);
    assert.is(JSON.parse(answer.body).errors[0].code, 'method_not_allowed');
  } finally {
    await fixture.close();
  }
});

test.run();
