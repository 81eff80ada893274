import * as assert from 'uvu/assert';
import { repositorySuite, TEAM_A, TEAM_B, type RepositoryHarness } from '../../../kit/testing.js';
import type { CustodyAddress, CustodyRepository } from '../ports.js';

const ACCOUNT_1 = '00000000-0000-4000-8000-000000000001';
const ACCOUNT_2 = '00000000-0000-4000-8000-000000000002';
const ACCOUNT_3 = '00000000-0000-4000-8000-000000000003';
const address = (n: number) => `0x${n.toString(16).padStart(40, '0')}`;

/**
 * What every store's CustodyRepository must do, run on each store by
 * custody.test.ts (memory, PGlite, PostgreSQL when DATABASE_URL is set).
 */
export function custodyRepositoryContract(title: string, harness: RepositoryHarness<CustodyRepository>) {
  const { test, it, run } = repositorySuite(title, harness);
  const entry = (accountId: string, teamId: string, accountIndex: number, chain: string, n: number): CustodyAddress => ({ chain, address: address(n), teamId, accountId, accountIndex, createdAt: new Date(Date.UTC(2026, 10, 25, 9, n)) });

  it('the first fingerprint recorded stays the store\'s', async (repo) => {
    assert.is(await run((tx) => repo.recordSeedFingerprint(tx, '0xaaa')), '0xaaa');
    assert.is(await run((tx) => repo.recordSeedFingerprint(tx, '0xbbb')), '0xaaa');
  });

  it('indexes are allocated once per account, from 0, in order', async (repo) => {
    assert.is(await run((tx) => repo.accountIndex(tx, TEAM_A, ACCOUNT_1)), 0);
    assert.is(await run((tx) => repo.accountIndex(tx, TEAM_B, ACCOUNT_2)), 1);
    assert.is(await run((tx) => repo.accountIndex(tx, TEAM_A, ACCOUNT_1)), 0);
  });

  it('racing first calls for one account agree on its index', async (repo) => {
    const indexes = await Promise.all(Array.from({ length: 6 }, () => run((tx) => repo.accountIndex(tx, TEAM_A, ACCOUNT_3))));
    assert.equal(new Set(indexes).size, 1);
  });

  it('a rolled-back allocation leaves nothing behind', async (repo) => {
    await run(async (tx) => {
      await repo.accountIndex(tx, TEAM_A, ACCOUNT_1);
      await repo.saveAddresses(tx, [entry(ACCOUNT_1, TEAM_A, 0, 'base', 1)]);
      throw new Error('rolled back');
    }).catch(() => undefined);
    assert.equal(await run((tx) => repo.addresses(tx, TEAM_A, ACCOUNT_1)), []);
    assert.is(await run((tx) => repo.owner(tx, 'base', address(1))), undefined);
  });

  it('addresses are the team\'s own; the owner of an address is found on its chain only', async (repo) => {
    const index = await run((tx) => repo.accountIndex(tx, TEAM_A, ACCOUNT_1));
    const saved = [entry(ACCOUNT_1, TEAM_A, index, 'base', 1), entry(ACCOUNT_1, TEAM_A, index, 'polygon', 2)];
    await run((tx) => repo.saveAddresses(tx, saved));
    await run((tx) => repo.saveAddresses(tx, [entry(ACCOUNT_1, TEAM_A, index, 'base', 1)]));
    const listed = await run((tx) => repo.addresses(tx, TEAM_A, ACCOUNT_1));
    assert.equal(listed.sort((a, b) => a.chain.localeCompare(b.chain)), saved);
    assert.equal(await run((tx) => repo.addresses(tx, TEAM_B, ACCOUNT_1)), []);
    assert.equal(await run((tx) => repo.owner(tx, 'polygon', address(2))), saved[1]);
    assert.is(await run((tx) => repo.owner(tx, 'base', address(2))), undefined);
  });

  it('a system account id is one account per team: each team\'s gets its own index', async (repo) => {
    const a = await run((tx) => repo.accountIndex(tx, TEAM_A, 'system:fees'));
    const b = await run((tx) => repo.accountIndex(tx, TEAM_B, 'system:fees'));
    assert.is.not(a, b);
    assert.is(await run((tx) => repo.accountIndex(tx, TEAM_A, 'system:fees')), a);
  });

  it('list gives every address of every team by chain and address', async (repo) => {
    const a = await run((tx) => repo.accountIndex(tx, TEAM_A, ACCOUNT_1));
    const b = await run((tx) => repo.accountIndex(tx, TEAM_B, ACCOUNT_2));
    await run((tx) => repo.saveAddresses(tx, [entry(ACCOUNT_2, TEAM_B, b, 'polygon', 3), entry(ACCOUNT_1, TEAM_A, a, 'base', 4), entry(ACCOUNT_1, TEAM_A, a, 'polygon', 5)]));
    const listed = await run((tx) => repo.list(tx));
    assert.equal(listed.map((one) => `${one.chain} ${one.address.slice(-1)} ${one.teamId === TEAM_A ? 'A' : 'B'}`), ['base 4 A', 'polygon 3 B', 'polygon 5 A']);
  });

  it('teamAddresses gives one team\'s addresses of every account, by account index then chain, with when each was derived', async (repo) => {
    const a = await run((tx) => repo.accountIndex(tx, TEAM_A, ACCOUNT_1));
    const b = await run((tx) => repo.accountIndex(tx, TEAM_B, ACCOUNT_2));
    const c = await run((tx) => repo.accountIndex(tx, TEAM_A, ACCOUNT_3));
    const saved = [entry(ACCOUNT_3, TEAM_A, c, 'base', 6), entry(ACCOUNT_1, TEAM_A, a, 'polygon', 7), entry(ACCOUNT_2, TEAM_B, b, 'base', 8), entry(ACCOUNT_1, TEAM_A, a, 'base', 9)];
    await run((tx) => repo.saveAddresses(tx, saved));
    assert.equal(await run((tx) => repo.teamAddresses(tx, TEAM_A)), [saved[3], saved[1], saved[0]]);
    assert.equal(await run((tx) => repo.teamAddresses(tx, TEAM_B)), [saved[2]]);
    assert.equal(await run((tx) => repo.teamAddresses(tx, 'nobody')), []);
  });

  return test;
}
