import { pbkdf2Sync } from 'node:crypto';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { recoverTypedDataAddress } from 'viem';
import { custodyPath } from '../../domain/custody-path.js';
import { HdCustodyKeys } from './hd-custody-keys.js';

/**
 * The derivation against public vectors: the well-known development
 * mnemonic "test test … junk" gives, at m/44'/60'/0'/0/0, 1 and 2, the
 * addresses every Ethereum development chain funds. Our layout puts account
 * 0's chains 0, 1, 2 exactly there. The BIP-39 seed is PBKDF2-HMAC-SHA512 of
 * the mnemonic with salt "mnemonic", 2048 rounds.
 */
const MNEMONIC = 'test test test test test test test test test test test junk';
const seed = () => Uint8Array.from(pbkdf2Sync(MNEMONIC, 'mnemonic', 2048, 64, 'sha512'));

test('account 0 derives the development mnemonic\'s first three addresses', () => {
  const keys = new HdCustodyKeys();
  keys.load(seed());
  assert.is(custodyPath(0, 0), "m/44'/60'/0'/0/0");
  assert.equal([...keys.addresses(0, [0, 1, 2]).values()], [
    '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
  ]);
});

test('accounts are hardened apart; the fingerprint names the seed without revealing it', () => {
  const keys = new HdCustodyKeys();
  keys.load(seed());
  const first = keys.addresses(0, [0]).get(0);
  const second = keys.addresses(1, [0]).get(0);
  assert.is.not(first, second);
  assert.match(keys.fingerprint(), /^0x[0-9a-f]{32}$/);
  const other = new HdCustodyKeys();
  other.load(new Uint8Array(32).fill(1));
  assert.is.not(other.fingerprint(), keys.fingerprint());
  assert.is.not(other.addresses(0, [0]).get(0), first);
});

test('before the seed is loaded nothing is derived', () => {
  assert.throws(() => new HdCustodyKeys().addresses(0, [0]), /not loaded/);
});

test.run();

test('typed data is signed with the key of the address at that index and slot (x402 pays from custody)', async () => {
  const keys = new HdCustodyKeys();
  keys.load(seed());
  const typedData = {
    domain: { name: 'USD Coin', version: '2', chainId: 8453, verifyingContract: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913' as const },
    types: { Note: [{ name: 'text', type: 'string' }] } as const,
    primaryType: 'Note' as const,
    message: { text: 'pay' },
  };
  const signature = await keys.signTypedData(3, 4, typedData);
  assert.is(await recoverTypedDataAddress({ ...typedData, signature }), keys.addresses(3, [4]).get(4));
  assert.is.not(await recoverTypedDataAddress({ ...typedData, signature }), keys.addresses(3, [5]).get(5));
});
