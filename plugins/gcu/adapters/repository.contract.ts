import type { Test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseRate } from '../../../kernel/public.js';
import { rejection, repositorySuite, type RepositoryHarness } from '../../../kit/testing.js';
import type { ProposalRecord } from '../domain/proposal.js';
import { DEFAULT_GCU_WEIGHTS } from '../domain/weights.js';
import type { BasketRecord, BasketVersion, GcuRepository, HoldingRow, PricePoint, VoteRecord } from '../ports.js';

const T0 = new Date('2026-01-01T00:00:00.000Z');
const at = (hours: number) => new Date(T0.getTime() + hours * 3_600_000);
const E18 = 10n ** 18n;

function basket(overrides: Partial<BasketRecord> = {}): BasketRecord {
  return {
    code: 'GCU',
    name: 'Global Currency Unit',
    symbol: 'Ǥ',
    description: 'test basket',
    weights: DEFAULT_GCU_WEIGHTS,
    quantities: new Map([...DEFAULT_GCU_WEIGHTS.keys()].map((code, i) => [code, E18 / BigInt(i + 2) + 7n])),
    version: 1,
    frequency: 'monthly',
    lastRebalanced: null,
    nextRebalance: at(744),
    quorumPpm: 100_000n,
    approvalPpm: 500_000n,
    createdAt: T0,
    updatedAt: T0,
    ...overrides,
  };
}

function version(n: number, effectiveAt: Date): BasketVersion {
  const b = basket();
  return { code: 'GCU', version: n, effectiveAt, weights: b.weights, quantities: b.quantities, unitValueUsd: '1.100000000000000000', proposalId: n > 1 ? 'p1' : null };
}

function proposal(id: string, overrides: Partial<ProposalRecord> = {}): ProposalRecord {
  return {
    id,
    basketCode: 'GCU',
    kind: 'composition',
    title: `proposal ${id}`,
    description: '',
    proposedComposition: DEFAULT_GCU_WEIGHTS,
    parameter: null,
    period: null,
    startsAt: at(24 * 24),
    endsAt: at(24 * 31),
    eligibleSupply: null,
    quorumPpm: 100_000n,
    approvalPpm: 500_000n,
    createdBy: 'system',
    createdAt: T0,
    closedAt: null,
    outcome: 'pending',
    appliedAt: null,
    ...overrides,
  };
}

const price = (assetCode: string, hours: number, usd: string): PricePoint => ({ assetCode, at: at(hours), usd: parseRate(usd) });

function vote(proposalId: string, teamId: string, overrides: Partial<VoteRecord> = {}): VoteRecord {
  return { proposalId, teamId, userId: `user-${teamId}`, choice: 'for', power: 12_345n, castAt: at(600), changes: 0, ...overrides };
}

function holding(accountId: string, teamId: string, position: bigint, hours: number, balance: bigint): HoldingRow {
  return { position, occurredAt: at(hours), teamId, accountId, assetCode: 'GCU', balance };
}

/**
 * What every store's GCU repository must do, run against each store (memory,
 * PGlite, PostgreSQL when DATABASE_URL is set): the SQL adapter and the memory
 * one must be indistinguishable to the plugin.
 */
export function gcuRepositoryContract(label: string, harness: RepositoryHarness<GcuRepository>): Test {
  const { test, it, run } = repositorySuite(`gcu repository: ${label}`, harness);

  it('baskets: insert once, find, lock, list, save; weights come back largest first with exact quantities', async (repo) => {
    assert.is(await run((tx) => repo.insertBasket(tx, basket())), true);
    assert.is(await run((tx) => repo.insertBasket(tx, basket({ name: 'second' }))), false, 'an existing code is kept');
    await run(async (tx) => {
      assert.equal(await repo.findBasket(tx, 'GCU'), basket());
      assert.equal(await repo.lockBasket(tx, 'GCU'), basket());
      assert.is(await repo.findBasket(tx, 'NOPE'), undefined);
      assert.equal([...(await repo.findBasket(tx, 'GCU'))!.weights.keys()], ['USD', 'EUR', 'GBP', 'CHF', 'JPY', 'XAU']);
    });
    const changed = basket({ version: 2, lastRebalanced: at(744), nextRebalance: at(1416), quorumPpm: 150_000n, updatedAt: at(744) });
    await run((tx) => repo.saveBasket(tx, changed));
    await run(async (tx) => {
      assert.equal(await repo.listBaskets(tx), [changed]);
    });
  });

  it('versions are listed in order', async (repo) => {
    await run(async (tx) => {
      await repo.insertVersion(tx, version(2, at(744)));
      await repo.insertVersion(tx, version(1, T0));
    });
    assert.equal(await run((tx) => repo.listVersions(tx, 'GCU')), [version(1, T0), version(2, at(744))]);
    assert.equal(await run((tx) => repo.listVersions(tx, 'OTHER')), []);
  });

  it('prices: a point is recorded once; the newest at or before a time, else the oldest; ranges oldest first', async (repo) => {
    assert.is(await run((tx) => repo.lastPriceAt(tx)), undefined);
    await run((tx) => repo.recordPrices(tx, [price('XAU', 0, '2350'), price('USD', 0, '1'), price('XAU', 1, '2351.5'), price('EUR', 2, '1.08')]));
    await run((tx) => repo.recordPrices(tx, [price('XAU', 1, '9999'), price('XAU', 3, '2352.000000000001')]));
    await run(async (tx) => {
      assert.equal(await repo.lastPriceAt(tx), at(3));
      assert.equal(await repo.priceNear(tx, 'XAU', at(2)), price('XAU', 1, '2351.5'), 'the first point for an hour is kept');
      assert.equal(await repo.priceNear(tx, 'XAU', at(3)), price('XAU', 3, '2352.000000000001'));
      assert.equal(await repo.priceNear(tx, 'EUR', at(0)), price('EUR', 2, '1.08'), 'nothing before: the oldest stands in');
      assert.is(await repo.priceNear(tx, 'JPY', at(5)), undefined);
      assert.equal(await repo.prices(tx, ['XAU', 'USD'], at(0), at(1)), [price('USD', 0, '1'), price('XAU', 0, '2350'), price('XAU', 1, '2351.5')]);
      assert.equal(await repo.prices(tx, ['XAU'], null, at(0)), [price('XAU', 0, '2350')]);
      assert.equal(await repo.prices(tx, [], null, at(9)), []);
    });
  });

  it('proposals: insert, lock, save, list newest window first', async (repo) => {
    const early = proposal('p-early', { startsAt: at(10), endsAt: at(20) });
    const late = proposal('p-late', { kind: 'parameter', proposedComposition: null, parameter: { name: 'quorum', value: 150_000n }, period: '2026-02' });
    const lateSecond = proposal('p-late-2', { createdAt: at(1) });
    await run(async (tx) => {
      await repo.insertProposal(tx, early);
      await repo.insertProposal(tx, late);
      await repo.insertProposal(tx, lateSecond);
    });
    await rejection(run((tx) => repo.insertProposal(tx, early)));
    const closed: ProposalRecord = { ...late, eligibleSupply: 10_000n, closedAt: at(800), outcome: 'passed', appliedAt: at(800) };
    await run((tx) => repo.saveProposal(tx, closed));
    await run(async (tx) => {
      assert.equal(await repo.findProposal(tx, 'p-late'), closed);
      assert.equal(await repo.lockProposal(tx, 'p-early'), early);
      assert.is(await repo.findProposal(tx, 'nope'), undefined);
      assert.equal((await repo.listProposals(tx, 'GCU')).map((p) => p.id), ['p-late-2', 'p-late', 'p-early']);
      assert.equal(await repo.listProposals(tx, 'OTHER'), []);
    });
  });

  it('votes: one per team and proposal, replaced in place; listed per proposal (by team) and per team (newest first)', async (repo) => {
    await run(async (tx) => {
      await repo.insertProposal(tx, proposal('p1'));
      await repo.insertProposal(tx, proposal('p2'));
    });
    await run(async (tx) => {
      await repo.saveVote(tx, vote('p1', 't2', { choice: 'against', power: 5n }));
      await repo.saveVote(tx, vote('p1', 't1'));
      await repo.saveVote(tx, vote('p2', 't1', { castAt: at(700) }));
    });
    const replaced = vote('p1', 't1', { choice: 'abstain', userId: 'other-user', castAt: at(650), changes: 1 });
    await run((tx) => repo.saveVote(tx, replaced));
    await run(async (tx) => {
      assert.equal(await repo.findVote(tx, 'p1', 't1'), replaced);
      assert.is(await repo.findVote(tx, 'p2', 't2'), undefined);
      assert.equal((await repo.listVotes(tx, 'p1')).map((v) => [v.teamId, v.choice, v.power]), [['t1', 'abstain', 12_345n], ['t2', 'against', 5n]]);
      assert.equal((await repo.listTeamVotes(tx, 't1')).map((v) => v.proposalId), ['p2', 'p1']);
      assert.equal(await repo.listTeamVotes(tx, 't3'), []);
    });
  });

  it('reserves: created at zero when first locked, saved, summed across teams, stale ones listed', async (repo) => {
    const fresh = await run((tx) => repo.lockReserve(tx, 't1', 'GCU', 3));
    assert.equal(fresh, { teamId: 't1', basketCode: 'GCU', outstanding: 0n, version: 3 });
    await run(async (tx) => {
      await repo.saveReserve(tx, { ...fresh, outstanding: 10_000_000n });
      const other = await repo.lockReserve(tx, 't2', 'GCU', 2);
      await repo.saveReserve(tx, { ...other, outstanding: 5n });
    });
    await run(async (tx) => {
      assert.equal(await repo.lockReserve(tx, 't1', 'GCU', 9), { teamId: 't1', basketCode: 'GCU', outstanding: 10_000_000n, version: 3 }, 'an existing record is kept');
      assert.is(await repo.totalOutstanding(tx, 'GCU'), 10_000_005n);
      assert.is(await repo.totalOutstanding(tx, 'OTHER'), 0n);
      assert.equal((await repo.staleReserves(tx, 'GCU', 3)).map((r) => r.teamId), ['t2']);
    });
  });

  it('holdings: a history per account; per-team totals now or as of a time, positive teams only', async (repo) => {
    await run((tx) =>
      repo.recordHoldings(tx, [
        holding('a1', 't1', 1n, 0, 100n),
        holding('a2', 't1', 2n, 1, 50n),
        holding('b1', 't2', 3n, 2, 70n),
        holding('a1', 't1', 4n, 5, 400n),
        holding('b1', 't2', 5n, 6, 0n),
      ]),
    );
    await run((tx) => repo.recordHoldings(tx, [holding('a1', 't1', 4n, 5, 999n)]));
    await run(async (tx) => {
      assert.equal(await repo.holdingsByTeam(tx, 'GCU'), new Map([['t1', 450n]]));
      assert.equal(await repo.holdingsByTeam(tx, 'GCU', at(2)), new Map([['t1', 150n], ['t2', 70n]]));
      assert.equal(await repo.holdingsByTeam(tx, 'GCU', at(5)), new Map([['t1', 450n], ['t2', 70n]]));
      assert.equal(await repo.holdingsByTeam(tx, 'GCU', at(-1)), new Map());
      assert.equal(await repo.holdingsByTeam(tx, 'XAU'), new Map());
    });
  });

  it('holdings: pruning keeps every balance an "as of" from then on can need', async (repo) => {
    await run((tx) =>
      repo.recordHoldings(tx, [holding('a1', 't1', 1n, 0, 100n), holding('a1', 't1', 2n, 3, 200n), holding('a1', 't1', 3n, 8, 300n), holding('b1', 't2', 4n, 9, 70n)]),
    );
    const asOf = (hours: number) => run((tx) => repo.holdingsByTeam(tx, 'GCU', at(hours)));
    const expected = [await asOf(4), await asOf(8), await asOf(9)];
    await run((tx) => repo.pruneHoldings(tx, 'GCU', at(4)));
    assert.equal([await asOf(4), await asOf(8), await asOf(9)], expected);
    assert.equal(await asOf(1), new Map(), 'the balance of hour 0 was superseded at hour 3 and is gone');
  });

  it('snapshots: recorded powers per team, zero for teams that held nothing', async (repo) => {
    await run((tx) => repo.insertProposal(tx, proposal('p1')));
    await run((tx) => repo.insertSnapshot(tx, 'p1', new Map([['t1', 450n], ['t2', 70n]])));
    await run(async (tx) => {
      assert.is(await repo.snapshotPower(tx, 'p1', 't1'), 450n);
      assert.is(await repo.snapshotPower(tx, 'p1', 't3'), 0n);
    });
  });

  it('a unit of work that fails leaves nothing behind', async (repo) => {
    await rejection(
      run(async (tx) => {
        await repo.insertBasket(tx, basket());
        await repo.insertProposal(tx, proposal('p1'));
        await repo.saveVote(tx, vote('p1', 't1'));
        await repo.recordHoldings(tx, [holding('a1', 't1', 1n, 0, 100n)]);
        await repo.lockReserve(tx, 't1', 'GCU', 1);
        throw new Error('boom');
      }),
    );
    await run(async (tx) => {
      assert.is(await repo.findBasket(tx, 'GCU'), undefined);
      assert.is(await repo.findProposal(tx, 'p1'), undefined);
      assert.equal(await repo.holdingsByTeam(tx, 'GCU'), new Map());
      assert.is(await repo.totalOutstanding(tx, 'GCU'), 0n);
    });
  });

  return test;
}
