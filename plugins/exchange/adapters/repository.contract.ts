import type { Test } from 'uvu';
import * as assert from 'uvu/assert';
import { ALL, at, ids, page, rejection, repositorySuite, TEAM_A as A, TEAM_B as B, type RepositoryHarness } from '../../../kit/testing.js';
import type { OrderRecord, Side, TradeRecord } from '../domain/order.js';
import type { ExchangeRepository } from '../ports.js';

const BTC = 'BTC/USD';
const ETH = 'ETH/USD';

function order(id: string, side: Side, price: bigint, seq: number, overrides: Partial<OrderRecord> = {}): OrderRecord {
  return {
    id,
    teamId: A,
    accountId: 'acc-1',
    pair: BTC,
    side,
    type: 'LIMIT',
    price,
    amount: 10n,
    filled: 0n,
    status: 'open',
    holdId: `hold-${id}`,
    reserved: 10n,
    seq,
    createdAt: at(seq),
    updatedAt: at(seq),
    ...overrides,
  };
}

function trade(id: string, seq: number, overrides: Partial<TradeRecord> = {}): TradeRecord {
  return { id, teamId: A, pair: BTC, price: 6_500_000n, amount: 3n, quoteAmount: 195n, buyOrderId: 'o-buy', sellOrderId: 'o-sell', takerSide: 'BUY', seq, createdAt: at(seq), ...overrides };
}

/**
 * What every store's exchange repository must do, run against each store
 * (memory, PGlite, PostgreSQL when DATABASE_URL is set): the SQL adapter and
 * the memory one must be indistinguishable to the matcher.
 */
export function exchangeRepositoryContract(label: string, harness: RepositoryHarness<ExchangeRepository>): Test {
  const { test, it, run, waitsFor } = repositorySuite(`exchange repository: ${label}`, harness);

  it("lockBook numbers arrivals per team and pair from 1; a rolled-back arrival's number is given again", async (repo) => {
    assert.equal(await run(async (tx) => [await repo.lockBook(tx, A, BTC), await repo.lockBook(tx, A, BTC)]), [1, 2]);
    assert.is(await run((tx) => repo.lockBook(tx, A, BTC)), 3);
    assert.is(await run((tx) => repo.lockBook(tx, A, ETH)), 1, 'each pair has its own book');
    assert.is(await run((tx) => repo.lockBook(tx, B, BTC)), 1, 'each team has its own book');
    await rejection(
      run(async (tx) => {
        await repo.lockBook(tx, A, BTC);
        throw new Error('boom');
      }),
    );
    assert.is(await run((tx) => repo.lockBook(tx, A, BTC)), 4);
  });

  it("locks: one matcher at a time per book, and a team's trading accounts one placement at a time", async (repo) => {
    await run((tx) => repo.lockBook(tx, A, BTC));
    await waitsFor((tx) => repo.lockBook(tx, A, BTC), (tx) => repo.lockBook(tx, A, BTC));
    await run((tx) => repo.lockAccounts(tx, A, ['acc-1']));
    await waitsFor((tx) => repo.lockAccounts(tx, A, ['acc-2', 'acc-1']), (tx) => repo.lockAccounts(tx, A, ['acc-1']));
  });

  it('orders: found and changed only within their team', async (repo) => {
    const mine = order('o1', 'BUY', 100n, 1);
    const theirs = order('ob', 'SELL', 200n, 1, { teamId: B });
    await run(async (tx) => {
      await repo.insertOrder(tx, mine);
      await repo.insertOrder(tx, theirs);
    });
    await run(async (tx) => {
      assert.equal(await repo.findOrder(tx, A, 'o1'), mine);
      assert.is(await repo.findOrder(tx, B, 'o1'), undefined, "another team's order is not there");
      assert.is(await repo.findOrder(tx, A, 'missing'), undefined);
      await repo.updateOrders(tx, [
        { teamId: A, id: 'o1', filled: 4n, status: 'partially_filled', reserved: 6n, updatedAt: at(9) },
        { teamId: A, id: 'ob', filled: 10n, status: 'filled', reserved: 0n, updatedAt: at(9) },
      ]);
    });
    await run(async (tx) => {
      assert.equal(await repo.findOrder(tx, A, 'o1'), { ...mine, filled: 4n, status: 'partially_filled', reserved: 6n, updatedAt: at(9) });
      assert.equal(await repo.findOrder(tx, B, 'ob'), theirs, "a change named with the wrong team touches nothing");
    });
  });

  it('crossing walks one side of one book in priority order, only resting orders a limit crosses, a page at a time', async (repo) => {
    await run(async (tx) => {
      for (const resting of [
        order('s1', 'SELL', 105n, 1),
        order('s2', 'SELL', 100n, 2),
        order('s3', 'SELL', 100n, 3, { status: 'partially_filled', filled: 4n }),
        order('s4', 'SELL', 110n, 4),
        order('s5', 'SELL', 90n, 5, { status: 'filled', filled: 10n }),
        order('s6', 'SELL', 95n, 6, { status: 'cancelled' }),
        order('s7', 'SELL', 80n, 7, { pair: ETH }),
        order('s8', 'SELL', 80n, 8, { teamId: B }),
        order('b1', 'BUY', 99n, 9),
        order('b2', 'BUY', 98n, 10),
        order('b3', 'BUY', 99n, 11),
      ]) {
        await repo.insertOrder(tx, resting);
      }
    });
    await run(async (tx) => {
      assert.equal(ids(await repo.crossing(tx, A, BTC, 'SELL', null, undefined, 10)), ['s2', 's3', 's1', 's4'], 'lowest ask first, then arrival');
      assert.equal(ids(await repo.crossing(tx, A, BTC, 'SELL', 105n, undefined, 10)), ['s2', 's3', 's1'], 'a buy limit of 105 crosses asks up to 105');
      assert.equal(ids(await repo.crossing(tx, A, BTC, 'SELL', null, undefined, 2)), ['s2', 's3']);
      assert.equal(ids(await repo.crossing(tx, A, BTC, 'SELL', null, { price: 100n, seq: 3 }, 2)), ['s1', 's4'], 'the next page starts after the position');
      assert.equal(ids(await repo.crossing(tx, A, BTC, 'BUY', null, undefined, 10)), ['b1', 'b3', 'b2'], 'highest bid first, then arrival');
      assert.equal(ids(await repo.crossing(tx, A, BTC, 'BUY', 99n, undefined, 10)), ['b1', 'b3'], 'a sell limit of 99 crosses bids from 99');
      assert.equal(ids(await repo.crossing(tx, A, BTC, 'BUY', null, { price: 99n, seq: 9 }, 10)), ['b3', 'b2']);
      assert.equal(await repo.crossing(tx, B, ETH, 'SELL', null, undefined, 10), []);
      assert.equal(await repo.levels(tx, A, BTC, 'SELL', 2), [{ price: 100n, amount: 16n }, { price: 105n, amount: 10n }], 'open amounts summed per price, best first');
      assert.equal(await repo.levels(tx, A, BTC, 'BUY', 10), [{ price: 99n, amount: 20n }, { price: 98n, amount: 10n }]);
      assert.equal(await repo.levels(tx, B, BTC, 'SELL', 10), [{ price: 80n, amount: 10n }]);
    });
  });

  it("orders: a team's list is newest first, by pair and status, paged with the total", async (repo) => {
    await run(async (tx) => {
      await repo.insertOrder(tx, order('o1', 'BUY', 100n, 1));
      await repo.insertOrder(tx, order('o2', 'SELL', 100n, 2, { status: 'filled', filled: 10n }));
      await repo.insertOrder(tx, order('o3', 'BUY', 100n, 1, { pair: ETH, createdAt: at(3) }));
      await repo.insertOrder(tx, order('o4', 'BUY', 100n, 4, { teamId: B }));
    });
    await run(async (tx) => {
      const all = await repo.listOrders(tx, A, {}, ALL);
      assert.equal([ids(all.items), all.total], [['o3', 'o2', 'o1'], 3]);
      assert.equal(ids((await repo.listOrders(tx, A, { pair: BTC }, ALL)).items), ['o2', 'o1']);
      assert.equal(ids((await repo.listOrders(tx, A, { status: 'open' }, ALL)).items), ['o3', 'o1']);
      assert.equal(ids((await repo.listOrders(tx, A, { pair: BTC, status: 'filled' }, ALL)).items), ['o2']);
      const second = await repo.listOrders(tx, A, {}, page(2, 2));
      assert.equal([ids(second.items), second.total], [['o1'], 3]);
      assert.equal(await repo.listOrders(tx, 'team-c', {}, ALL), { items: [], total: 0 });
    });
  });

  it("trades: a team's list is newest first (fill order within one insert), by pair, paged with the total", async (repo) => {
    const first = trade('t1', 1);
    await run(async (tx) => {
      await repo.insertTrades(tx, [first, trade('t2', 2, { pair: ETH, takerSide: 'SELL' })]);
      await repo.insertTrades(tx, [trade('t3', 3), trade('tb', 4, { teamId: B })]);
    });
    await run(async (tx) => {
      const all = await repo.listTrades(tx, A, undefined, ALL);
      assert.equal([ids(all.items), all.total], [['t3', 't2', 't1'], 3]);
      assert.equal(all.items[2], first, 'every field as written');
      assert.equal(ids((await repo.listTrades(tx, A, BTC, ALL)).items), ['t3', 't1']);
      const second = await repo.listTrades(tx, A, undefined, page(2, 2));
      assert.equal([ids(second.items), second.total], [['t1'], 3]);
      assert.equal(ids((await repo.listTrades(tx, B, undefined, ALL)).items), ['tb']);
    });
  });

  it('rollback: a unit of work that fails leaves no order, change or trade', async (repo) => {
    await run((tx) => repo.insertOrder(tx, order('o1', 'BUY', 100n, 1)));
    const failed = await rejection(
      run(async (tx) => {
        await repo.lockAccounts(tx, A, ['acc-2', 'acc-1', 'acc-2']);
        await repo.insertOrder(tx, order('o2', 'SELL', 100n, 2));
        await repo.updateOrders(tx, [{ teamId: A, id: 'o1', filled: 10n, status: 'filled', reserved: 0n, updatedAt: at(9) }]);
        await repo.insertTrades(tx, [trade('t1', 1)]);
        assert.is((await repo.listOrders(tx, A, {}, ALL)).total, 2, 'visible inside its own unit of work');
        throw new Error('boom');
      }),
    );
    assert.is((failed as Error).message, 'boom');
    await run(async (tx) => {
      assert.equal(await repo.listOrders(tx, A, {}, ALL), { items: [order('o1', 'BUY', 100n, 1)], total: 1 });
      assert.equal(await repo.listTrades(tx, A, undefined, ALL), { items: [], total: 0 });
    });
  });

  return test;
}
