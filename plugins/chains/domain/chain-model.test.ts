import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { isAddress } from 'viem/utils';
import { CHAIN_MODELS, findChainModel, simulatedContract, tokensOf } from './chain-model.js';

test('the seven chains with their EIP-155 ids, reachable by name or CAIP-2 id', () => {
  const ids = Object.fromEntries(CHAIN_MODELS.map((model) => [model.name, model.chainId]));
  assert.equal(ids, { ethereum: 1, polygon: 137, arbitrum: 42161, optimism: 10, base: 8453, bsc: 56, 'base-sepolia': 84532 });
  assert.is(findChainModel(CHAIN_MODELS, 'eip155:8453')?.name, 'base');
  assert.is(findChainModel(CHAIN_MODELS, 'base')?.caip2, 'eip155:8453');
  for (const unknown of ['eip155:999', 'eip155:08453', 'Base', 'eip155:', 'solana:mainnet', '']) assert.is(findChainModel(CHAIN_MODELS, unknown), undefined, unknown);
});

test('token contracts are checksummed, stable and distinct per chain', () => {
  const base = simulatedContract(8453, 'USDC');
  assert.ok(isAddress(base, { strict: true }));
  assert.is(simulatedContract(8453, 'USDC'), base);
  assert.is.not(simulatedContract(1, 'USDC'), base);
  assert.is.not(simulatedContract(8453, 'DAI'), base);
});

test('a chain lists its native coin first, then the tokens the asset catalogue knows, with its decimals', () => {
  const decimals: Record<string, number> = { ETH: 18, USDC: 6, DAI: 18, WETH: 18 };
  const base = tokensOf(findChainModel(CHAIN_MODELS, 'base')!, (code) => decimals[code]);
  assert.equal(base.map((token) => [token.assetCode, token.decimals, token.contract === null]), [
    ['ETH', 18, true],
    ['USDC', 6, false],
    ['DAI', 18, false],
    ['WETH', 18, false],
  ]);
  assert.equal(tokensOf(findChainModel(CHAIN_MODELS, 'base-sepolia')!, (code) => decimals[code]).map((token) => token.assetCode), ['ETH', 'USDC']);
});

test.run();
