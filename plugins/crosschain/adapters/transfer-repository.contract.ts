import * as assert from 'uvu/assert';
import { repositorySuite, T0, TEAM_A, TEAM_B, type RepositoryHarness } from '../../../kit/testing.js';
import type { BridgeTransferRecord } from '../domain/bridge-transfer.js';
import type { BridgeFaultRepository, BridgeTransferRepository } from '../ports.js';

const HUGE = 10n ** 47n + 7n;
const ID = '00000000-0000-4000-8000-000000000011';
const QUOTE = '00000000-0000-4000-8000-000000000001';

export interface BridgeStores {
  readonly transfers: BridgeTransferRepository;
  readonly faults: BridgeFaultRepository;
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

  it('an armed fault is taken once per transfer until used up; 0 disarms', async ({ faults }) => {
    await run((tx) => faults.arm(tx, 'layerzero', 'fail', 2));
    await run((tx) => faults.arm(tx, 'axelar', 'timeout', 5));
    assert.equal(await run((tx) => faults.list(tx)), [{ protocol: 'axelar', fault: 'timeout', remaining: 5 }, { protocol: 'layerzero', fault: 'fail', remaining: 2 }]);
    assert.is(await run((tx) => faults.take(tx, 'layerzero')), 'fail');
    assert.is(await run((tx) => faults.take(tx, 'layerzero')), 'fail');
    assert.is(await run((tx) => faults.take(tx, 'layerzero')), null);
    assert.is(await run((tx) => faults.take(tx, 'wormhole')), null);
    await run((tx) => faults.arm(tx, 'axelar', 'timeout', 0));
    assert.equal(await run((tx) => faults.list(tx)), []);
  });

  return test;
}
