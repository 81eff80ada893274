import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { checkSplit, decodeShares, KEY_BYTES } from './recovery-key.js';

const share = (x: number, fill = 7) => Buffer.from([...new Uint8Array(KEY_BYTES).fill(fill), x]).toString('base64url');

test('a split needs 2 to 255 shares and a threshold from 2 to the shares', () => {
  checkSplit(2, 2);
  checkSplit(3, 255);
  assert.throws(() => checkSplit(2, 1), /shares must be/);
  assert.throws(() => checkSplit(2, 256), /shares must be/);
  assert.throws(() => checkSplit(1, 3), /threshold must be/);
  assert.throws(() => checkSplit(4, 3), /threshold must be/);
});

test('shares decode from base64url at the service’s length, each index once', () => {
  assert.equal(decodeShares([share(1), share(2)]).map((one) => one[KEY_BYTES]), [1, 2]);
  assert.throws(() => decodeShares([share(1), 'not base64!']), /base64url/);
  assert.throws(() => decodeShares([share(1), Buffer.from([1, 2, 3]).toString('base64url')]), /33 bytes/);
  assert.throws(() => decodeShares([share(1), share(1, 9)]), /twice/);
});

test.run();
