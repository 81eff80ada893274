import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { keccak256, toHex } from 'viem';
import { caip2Of, usdcDomain, v1NetworkName } from './networks.js';
import { centsToUnits, unitsToCentsCeil, unitsToDecimal } from './price.js';
import { TRANSFER_WITH_AUTHORIZATION_TYPES } from './verify-authorization.js';

test('cents to base units and back, exactly', () => {
  assert.is(centsToUnits(1, 6), 10_000n);
  assert.is(centsToUnits(100_000_000, 18), 10n ** 24n);
  assert.is(unitsToDecimal(10_000n, 6), '0.01');
  assert.is(unitsToDecimal(1_234_567n, 6), '1.234567');
  assert.is(unitsToDecimal(5_000_000n, 6), '5.00');
  assert.is(unitsToCentsCeil(10_001n, 6), 2n);
  assert.throws(() => centsToUnits(1, 1));
});

test('networks: USDC domains as deployed (Base Sepolia is "USDC"), v1 names both ways', () => {
  assert.equal(usdcDomain(8453), { name: 'USD Coin', version: '2' });
  assert.equal(usdcDomain(84532), { name: 'USDC', version: '2' });
  assert.is(usdcDomain(56), undefined);
  assert.is(v1NetworkName('eip155:84532'), 'base-sepolia');
  assert.equal([caip2Of('base'), caip2Of('eip155:1'), caip2Of('nowhere')], ['eip155:8453', 'eip155:1', undefined]);
});

test('the typed data hashes to EIP-3009’s TransferWithAuthorization type hash', () => {
  const fields = TRANSFER_WITH_AUTHORIZATION_TYPES.TransferWithAuthorization.map((one) => `${one.type} ${one.name}`).join(',');
  assert.is(keccak256(toHex(`TransferWithAuthorization(${fields})`)), '0x7c7c6cdb67a18743f49ec6fa9b35f50d52ed05cbed4cc592e13b44501c1a2267');
});

test.run();
