import * as assert from 'uvu/assert';
import { rejection, repositorySuite, T0, type RepositoryHarness } from '../../../kit/testing.js';
import type { SimulatedTransaction, SimulatorStateRepository } from '../ports.js';

const ALICE = '0x1111111111111111111111111111111111111111';
const BOB = '0x2222222222222222222222222222222222222222';
const ZERO = '0x0000000000000000000000000000000000000000';
/** Past 2^64 and 2^53: uint256 amounts must survive the round trip exactly. */
const HUGE = 2n ** 200n + 12_345n;

/**
 * What every store's SimulatorStateRepository must do, run on each store by
 * simulator-state.test.ts (memory, PGlite, PostgreSQL when DATABASE_URL is set).
 */
export function simulatorStateContract(title: string, harness: RepositoryHarness<SimulatorStateRepository>) {
  const { test, it, run } = repositorySuite(title, harness);
  const transaction = (overrides: Partial<SimulatedTransaction> = {}): SimulatedTransaction => ({
    hash: `0x${'ab'.repeat(32)}`,
    chain: 'base',
    kind: 'mint',
    from: ZERO,
    to: ALICE,
    assetCode: 'USDC',
    amount: 5_000_000n,
    nonce: 0n,
    blockNumber: 42n,
    gasUsed: 51_000n,
    gasPriceWei: 10_000_000n,
    submittedAt: T0,
    ...overrides,
  });

  it('credits add up per chain, address and asset, exactly past 2^64', async (repo) => {
    await run(async (tx) => {
      await repo.credit(tx, 'base', ALICE, 'USDC', HUGE);
      await repo.credit(tx, 'base', ALICE, 'USDC', 1n);
      await repo.credit(tx, 'polygon', ALICE, 'USDC', 7n);
      await repo.credit(tx, 'base', ALICE, 'DAI', 3n);
    });
    assert.is(await run((tx) => repo.balance(tx, 'base', ALICE, 'USDC')), HUGE + 1n);
    assert.is(await run((tx) => repo.balance(tx, 'polygon', ALICE, 'USDC')), 7n);
    assert.is(await run((tx) => repo.balance(tx, 'base', BOB, 'USDC')), 0n);
    assert.equal([...(await run((tx) => repo.balances(tx, 'base', ALICE)))], [['DAI', 3n], ['USDC', HUGE + 1n]]);
  });

  it('a debit larger than the balance changes nothing; an exact one empties it and drops out of balances', async (repo) => {
    await run((tx) => repo.credit(tx, 'base', ALICE, 'USDC', 10n));
    assert.is(await run((tx) => repo.debit(tx, 'base', ALICE, 'USDC', 11n)), false);
    assert.is(await run((tx) => repo.debit(tx, 'base', BOB, 'USDC', 1n)), false);
    assert.is(await run((tx) => repo.balance(tx, 'base', ALICE, 'USDC')), 10n);
    assert.is(await run((tx) => repo.debit(tx, 'base', ALICE, 'USDC', 10n)), true);
    assert.is(await run((tx) => repo.balance(tx, 'base', ALICE, 'USDC')), 0n);
    assert.equal([...(await run((tx) => repo.balances(tx, 'base', ALICE)))], []);
  });

  it('a rolled-back unit of work leaves balances, nonces and transactions as they were', async (repo) => {
    await run((tx) => repo.credit(tx, 'base', ALICE, 'USDC', 10n));
    const error = await rejection(
      run(async (tx) => {
        await repo.debit(tx, 'base', ALICE, 'USDC', 4n);
        await repo.credit(tx, 'base', BOB, 'USDC', 4n);
        await repo.takeNonce(tx, 'base', ALICE);
        await repo.insertTransaction(tx, transaction());
        throw new Error('rolled back');
      }),
    );
    assert.is((error as Error).message, 'rolled back');
    assert.is(await run((tx) => repo.balance(tx, 'base', ALICE, 'USDC')), 10n);
    assert.is(await run((tx) => repo.balance(tx, 'base', BOB, 'USDC')), 0n);
    assert.is(await run((tx) => repo.takeNonce(tx, 'base', ALICE)), 0n);
    assert.is(await run((tx) => repo.findTransaction(tx, 'base', transaction().hash)), undefined);
  });

  it('nonces count per chain and sender from 0', async (repo) => {
    assert.equal(
      await run(async (tx) => [await repo.takeNonce(tx, 'base', ALICE), await repo.takeNonce(tx, 'base', ALICE), await repo.takeNonce(tx, 'polygon', ALICE), await repo.takeNonce(tx, 'base', BOB)]),
      [0n, 1n, 0n, 0n],
    );
  });

  it('a transaction reads back whole, on its own chain only', async (repo) => {
    const stored = transaction({ amount: HUGE, gasPriceWei: 2n ** 70n });
    await run((tx) => repo.insertTransaction(tx, stored));
    assert.equal(await run((tx) => repo.findTransaction(tx, 'base', stored.hash)), stored);
    assert.is(await run((tx) => repo.findTransaction(tx, 'polygon', stored.hash)), undefined);
  });

  it('supply sums what every address holds and what was minted, per chain and asset', async (repo) => {
    await run(async (tx) => {
      await repo.insertTransaction(tx, transaction({ hash: `0x${'01'.repeat(32)}`, amount: 9n, nonce: 0n }));
      await repo.insertTransaction(tx, transaction({ hash: `0x${'02'.repeat(32)}`, amount: 1n, nonce: 1n, to: BOB }));
      await repo.insertTransaction(tx, transaction({ hash: `0x${'03'.repeat(32)}`, kind: 'transfer', from: ALICE, to: BOB, amount: 4n, nonce: 0n }));
      await repo.insertTransaction(tx, transaction({ hash: `0x${'04'.repeat(32)}`, chain: 'polygon', amount: 100n, nonce: 0n }));
      await repo.credit(tx, 'base', ALICE, 'USDC', 5n);
      await repo.credit(tx, 'base', BOB, 'USDC', 5n);
      await repo.credit(tx, 'base', BOB, 'DAI', 50n);
    });
    assert.equal(await run((tx) => repo.supply(tx, 'base', 'USDC')), { held: 10n, minted: 10n });
    assert.equal(await run((tx) => repo.supply(tx, 'base', 'WETH')), { held: 0n, minted: 0n });
  });

  it('concurrent debits of one balance never overdraw it nor lose an update', async (repo) => {
    await run((tx) => repo.credit(tx, 'base', ALICE, 'USDC', 10n));
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, () =>
        run(async (tx) => {
          const debited = await repo.debit(tx, 'base', ALICE, 'USDC', 3n);
          if (debited) await repo.credit(tx, 'base', BOB, 'USDC', 3n);
          return debited;
        }),
      ),
    );
    assert.is(outcomes.filter(Boolean).length, 3);
    assert.is(await run((tx) => repo.balance(tx, 'base', ALICE, 'USDC')), 1n);
    assert.is(await run((tx) => repo.balance(tx, 'base', BOB, 'USDC')), 9n);
  });

  return test;
}
