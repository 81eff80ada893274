import * as assert from 'uvu/assert';
import { onEveryStore, repositorySuite, T0, TEAM_A, TEAM_B } from '../../../kit/testing.js';
import type { YieldPosition } from '../domain/positions/yield-position.js';
import { MemoryYieldRepository } from './memory/memory-yield-repository.js';
import { defiMigrations } from './sql/migrations.js';
import { SqlYieldRepository } from './sql/sql-yield-repository.js';

/** The YieldRepository contract on every store: per team, harvests conditional on where rewards ran from, closing once. */
onEveryStore('defi', defiMigrations, (kind, open) => {
  const { it, test, run } = repositorySuite(`defi yield repository: ${kind}`, {
    open,
    async reset(store) {
      if (store.family === 'memory') return new MemoryYieldRepository();
      await store.truncateAll();
      return new SqlYieldRepository();
    },
  });
  const position: YieldPosition = {
    id: '00000000-0000-4000-8000-0000000000d1',
    teamId: TEAM_A,
    accountId: 'acct-1',
    chain: 'base',
    programId: 'staking:WETH',
    amount: 2n ** 200n,
    rewardsFrom: T0,
    harvested: 0n,
    status: 'open',
    openedAt: T0,
    closedAt: null,
  };
  it('harvests once per interval, closes once, per team', async (repo) => {
    await run((tx) => repo.insert(tx, position));
    assert.equal(await run((tx) => repo.find(tx, TEAM_A, position.id)), position);
    assert.is(await run((tx) => repo.find(tx, TEAM_B, position.id)), undefined);
    const t1 = new Date(T0.getTime() + 1000);
    const t2 = new Date(T0.getTime() + 2000);
    assert.is(await run((tx) => repo.harvest(tx, TEAM_B, position.id, T0, t1, 5n, false)), false);
    assert.is(await run((tx) => repo.harvest(tx, TEAM_A, position.id, T0, t1, 5n, false)), true);
    assert.is(await run((tx) => repo.harvest(tx, TEAM_A, position.id, T0, t1, 5n, false)), false, 'rewards no longer run from T0');
    assert.is(await run((tx) => repo.harvest(tx, TEAM_A, position.id, t1, t2, 2n ** 199n, true)), true);
    assert.equal(await run((tx) => repo.list(tx, TEAM_A)), [{ ...position, rewardsFrom: t2, harvested: 5n + 2n ** 199n, status: 'closed', closedAt: t2 }]);
    assert.is(await run((tx) => repo.harvest(tx, TEAM_A, position.id, t2, t2, 0n, true)), false);
    assert.equal(await run((tx) => repo.list(tx, TEAM_B)), []);
  });
  return test.run();
});
