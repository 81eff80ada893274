import * as assert from 'uvu/assert';
import { repositorySuite, T0, TEAM_A, TEAM_B, type RepositoryHarness } from '../../../kit/testing.js';
import type { BridgeTransferRecord } from '../domain/bridge-transfer.js';
import type { CrossChainSwapRecord } from '../domain/cross-chain-swap.js';
import type { BridgeFaultRepository, BridgeTransferRepository, CrossChainSwapRepository } from '../ports.js';

const HUGE = 10n ** 47n + 7n;
const ID = '00000000-0000-4000-8000-000000000011';
const QUOTE = '00000000-0000-4000-8000-000000000001';

export interface BridgeStores {
  readonly transfers: BridgeTransferRepository;
  readonly faults: BridgeFaultRepository;
  readonly swaps: CrossChainSwapRepository;
}

/** What every store's bridge transfer and fault repositories must do (memory, PGlite, PostgreSQL when DATABASE_URL is set). */
export function bridgeTransferRepositoryContract(title: string, harness: RepositoryHarness<BridgeStores>) {
  const { test, it, run } = repositorySuite(title, harness);
  const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
  const transfer = (overrides: Partial<BridgeTransferRecord> = {}): BridgeTransferRecord => ({
    id: ID,
    teamId: TEAM_A,
    quoteId: QUOTE,
    protocol: 'wormhole',
    sourceChain: 'ethereum',
    destinationChain: 'base',
    token: 'USDC',
    sourceCode: 'USDC',
    destinationCode: 'USDC@base',
    accountId: 'account-a',
    senderAddress: '0x9858EfFD232B4033E47d90003D41EC34EcaEda94',
    recipientAddress: null,
    recipient: { teamId: TEAM_A, accountId: 'account-a' },
    inputAmount: HUGE,
    feeAmount: 7n,
    receiveAmount: HUGE - 7n,
    fault: null,
    status: 'pending',
    sourceTxHash: `0x${'a'.repeat(64)}`,
    destinationTxHash: null,
    refundTxHash: null,
    failureReason: null,
    schedule: { sourceConfirmAt: at(60), attestAt: at(90), completeAt: at(94), timeoutAt: at(188) },
    createdAt: T0,
    updatedAt: T0,
    ...overrides,
  });

  it('a transfer reads back whole (amounts past 64 bits), for its team only, and its quote counts as used', async ({ transfers }) => {
    const stored = transfer();
    await run((tx) => transfers.insert(tx, stored));
    assert.equal(await run((tx) => transfers.find(tx, TEAM_A, ID)), stored);
    assert.equal(await run((tx) => transfers.lock(tx, TEAM_A, ID)), stored);
    assert.is(await run((tx) => transfers.find(tx, TEAM_B, ID)), undefined);
    assert.is(await run((tx) => transfers.quoteUsed(tx, TEAM_A, QUOTE)), true);
    assert.is(await run((tx) => transfers.quoteUsed(tx, TEAM_B, QUOTE)), false);
  });

  it('an update writes the lifecycle fields; an external recipient has none', async ({ transfers }) => {
    await run((tx) => transfers.insert(tx, transfer({ recipient: null, recipientAddress: '0x1111111111111111111111111111111111111111', fault: 'timeout' })));
    const failed = { ...transfer({ recipient: null, recipientAddress: '0x1111111111111111111111111111111111111111', fault: 'timeout' }), status: 'failed' as const, refundTxHash: `0x${'b'.repeat(64)}`, failureReason: 'relay_timeout', updatedAt: at(200) };
    await run((tx) => transfers.update(tx, failed));
    assert.equal(await run((tx) => transfers.find(tx, TEAM_A, ID)), failed);
  });

  it('a rolled-back unit of work stores nothing', async ({ transfers }) => {
    await run(async (tx) => {
      await transfers.insert(tx, transfer());
      throw new Error('rolled back');
    }).catch(() => undefined);
    assert.is(await run((tx) => transfers.find(tx, TEAM_A, ID)), undefined);
  });

  it('in flight: the team\'s transfers neither completed nor failed, oldest first', async ({ transfers }) => {
    const second = '00000000-0000-4000-8000-000000000012';
    const done = '00000000-0000-4000-8000-000000000013';
    await run(async (tx) => {
      await transfers.insert(tx, transfer({ id: second, quoteId: null, status: 'attested', createdAt: at(5) }));
      await transfers.insert(tx, transfer({ quoteId: null }));
      await transfers.insert(tx, transfer({ id: done, quoteId: null, status: 'completed', createdAt: at(1) }));
    });
    assert.equal((await run((tx) => transfers.inFlight(tx, TEAM_A))).map((one) => [one.id, one.status]), [[ID, 'pending'], [second, 'attested']]);
    assert.equal(await run((tx) => transfers.inFlight(tx, TEAM_B)), []);
  });

  it('a cross-chain swap reads back whole, for its team only, and its outcome is written', async ({ swaps }) => {
    const SWAP = '00000000-0000-4000-8000-000000000021';
    const stored: CrossChainSwapRecord = {
      id: SWAP,
      teamId: TEAM_A,
      accountId: 'account-a',
      bridgeTransferId: ID,
      protocol: 'layerzero',
      sourceChain: 'ethereum',
      destinationChain: 'base',
      fromToken: 'USDC',
      toToken: 'WETH',
      amount: HUGE,
      bridgeFee: 7n,
      bridgedAmount: HUGE - 7n,
      slippageBps: 50,
      expectedOutput: HUGE * 3n,
      minimumOutput: HUGE * 2n,
      status: 'bridging',
      swapId: null,
      amountOut: null,
      swapTxHash: null,
      offeredOutput: null,
      failureReason: null,
      createdAt: T0,
      updatedAt: T0,
    };
    await run((tx) => swaps.insert(tx, stored));
    assert.equal(await run((tx) => swaps.find(tx, TEAM_A, SWAP)), stored);
    assert.equal(await run((tx) => swaps.lock(tx, TEAM_A, SWAP)), stored);
    assert.is(await run((tx) => swaps.find(tx, TEAM_B, SWAP)), undefined);
    const kept = { ...stored, status: 'bridged_not_swapped' as const, offeredOutput: HUGE, failureReason: 'under the minimum', updatedAt: at(100) };
    await run((tx) => swaps.update(tx, kept));
    assert.equal(await run((tx) => swaps.find(tx, TEAM_A, SWAP)), kept);
    const swapped = { ...stored, status: 'completed' as const, swapId: '00000000-0000-4000-8000-000000000022', amountOut: HUGE * 2n + 1n, swapTxHash: `0x${'c'.repeat(64)}`, updatedAt: at(101) };
    await run((tx) => swaps.update(tx, swapped));
    assert.equal(await run((tx) => swaps.find(tx, TEAM_A, SWAP)), swapped);
  });

  it('an armed fault is taken once per transfer until used up; 0 disarms', async ({ faults }) => {
    await run((tx) => faults.arm(tx, 'layerzero', 'fail', 2));
    await run((tx) => faults.arm(tx, 'axelar', 'timeout', 5));
    assert.equal(await run((tx) => faults.list(tx)), [{ protocol: 'axelar', fault: 'timeout', remaining: 5 }, { protocol: 'layerzero', fault: 'fail', remaining: 2 }]);
    assert.is(await run((tx) => faults.take(tx, 'layerzero')), 'fail');
    assert.is(await run((tx) => faults.take(tx, 'layerzero')), 'fail');
    assert.is(await run((tx) => faults.take(tx, 'layerzero')), null);
    assert.is(await run((tx) => faults.take(tx, 'wormhole')), null);
    await run((tx) => faults.arm(tx, 'wormhole', 'revert', 1));
    assert.is(await run((tx) => faults.take(tx, 'wormhole')), 'revert');
    await run((tx) => faults.arm(tx, 'axelar', 'timeout', 0));
    assert.equal(await run((tx) => faults.list(tx)), []);
  });

  return test;
}
