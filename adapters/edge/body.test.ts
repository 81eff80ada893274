import { createServer, request, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { AppError } from '../../kernel/errors/index.js';
import { MAX_JSON_DEPTH, readJsonBody } from './body.js';

/**
 * POSTs `body` to a server that waits (for `wait`) before reading it, and answers what readJsonBody gave or the code it
 * refused with. `split` sends the body's second half in a later packet.
 */
async function read(body: string, wait: (req: IncomingMessage) => Promise<void>, limitBytes = 1_000, split = false): Promise<unknown> {
  const server = createServer((req, res) => {
    void wait(req)
      .then(() => readJsonBody(req, limitBytes))
      .then(
        (value) => ({ value }),
        (error: unknown) => ({ refused: error instanceof AppError ? [error.status, error.code] : String(error) }),
      )
      .then((answer) => res.end(JSON.stringify(answer)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    return await new Promise((resolve, reject) => {
      const headers = { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) };
      const outgoing = request({ port: (server.address() as AddressInfo).port, host: '127.0.0.1', method: 'POST', headers }, (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve(JSON.parse(text)));
      });
      outgoing.on('error', reject);
      if (!split) return outgoing.end(body);
      const half = Math.floor(body.length / 2);
      outgoing.write(body.slice(0, half), () => setTimeout(() => outgoing.end(body.slice(half)), 20));
    });
  } finally {
    server.close();
  }
}

const atOnce = async (): Promise<void> => undefined;
/** Until the whole message has arrived, as after a handler's store read: the body is then taken from the stream's buffer. */
const untilComplete = async (req: IncomingMessage): Promise<void> => {
  while (!req.complete) await new Promise((resolve) => setImmediate(resolve));
};

test('a body read as it arrives, one in the buffer at the first await and one whose message had completed are read alike', async () => {
  for (const [wait, split] of [[atOnce, true], [atOnce, false], [untilComplete, false], [untilComplete, true]] as const) {
    assert.equal(await read('{"query":"{ a }","variables":{"id":"x"}}', wait, 1_000, split), { value: { query: '{ a }', variables: { id: 'x' } } });
    assert.equal(await read('', wait), { value: {} });
    assert.equal(await read(`{"s":"${'x'.repeat(1_000)}"}`, wait, 1_000, split), { refused: [413, 'payload_too_large'] });
  }
});

const nested = (levels: number): string => '['.repeat(levels) + ']'.repeat(levels);

test('too deep is refused before a repeated key, judged on the parsed value: a repeated key\'s dropped member does not count', async () => {
  assert.equal(await read(`{"a":${nested(MAX_JSON_DEPTH - 1)}}`, atOnce), { value: { a: JSON.parse(nested(MAX_JSON_DEPTH - 1)) } });
  assert.equal(await read(`{"a":${nested(MAX_JSON_DEPTH)}}`, atOnce), { refused: [400, 'malformed_json'] });
  assert.equal(await read(`{"a":1,"a":2,"b":${nested(MAX_JSON_DEPTH)}}`, atOnce), { refused: [400, 'malformed_json'] });
  assert.equal(await read(`{"a":${nested(MAX_JSON_DEPTH)},"a":1}`, atOnce), { refused: [400, 'duplicate_json_key'] });
  assert.equal(await read(`{"a":1,"a":${nested(MAX_JSON_DEPTH)}}`, atOnce), { refused: [400, 'malformed_json'] });
});

test.run();
