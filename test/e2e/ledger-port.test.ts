import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { StoreKind } from '../../adapters/store.js';
import { Ledger } from '../../ports/ledger.js';
import { UnitOfWork, type Tx } from '../../ports/unit-of-work.js';
import { assertConservation } from '../fixtures/conservation.js';
import { bootTestKernel, type TestKernel, type TestUser } from '../fixtures/boot.js';

/**
 * The Ledger port's single-movement calls, as a partner plugin uses them
 * (the built-ins go through the batch calls): hold, partial captures,
 * refused captures that change nothing, release of the rest. Conservation
 * is checked after each scenario.
 */
/** The error `work` fails with; fails the test when it succeeds. */
async function refusal(work: () => Promise<unknown>): Promise<unknown> {
  try {
    await work();
  } catch (error) {
    return error;
  }
  return assert.unreachable('expected a refusal');
}

const stores: StoreKind[] = process.env.DATABASE_URL ? ['memory', 'pglite', 'postgres'] : ['memory', 'pglite'];

for (const store of stores) {
  const test = suite(`ledger port (${store})`);
  let k: TestKernel;
  let ada: TestUser;
  let payer: string;
  let payee: string;

  const ledger = (): Ledger => k.get(Ledger);
  const run = <T>(work: (tx: Tx) => Promise<T>): Promise<T> => k.get(UnitOfWork).run(work);
  const balances = async (account: string) => run((tx) => ledger().balance(tx, ada.teamId, account, 'USD'));

  test.before(async () => {
    k = await bootTestKernel({ store, modules: ['core-banking'] });
    ada = await k.createUser('Ada Ledger');
    const open = async (name: string): Promise<string> => {
      const response = await k.request('POST', '/api/v2/accounts', { key: ada.key, body: { name, type: 'personal' } });
      assert.is(response.status, 201);
      return response.body.data.uuid;
    };
    payer = await open('Payer');
    payee = await open('Payee');
    const deposit = await k.request('POST', `/api/v2/accounts/${payer}/deposit`, { key: ada.key, body: { amount: '100.00', asset_code: 'USD' } });
    assert.is(deposit.status, 201);
  });
  test.after.each(async () => {
    await assertConservation(k);
  });
  test.after(async () => {
    await k?.close();
  });

  test('capture spends part of a hold; what remains stays reserved until released', async () => {
    const holdId = await run((tx) => ledger().hold(tx, ada.teamId, { accountId: payer, assetCode: 'USD', amount: 3000n, reference: 'order-1' }));
    assert.equal(await balances(payer), { accountId: payer, assetCode: 'USD', available: 7000n, reserved: 3000n });

    const posted = await run((tx) => ledger().capture(tx, ada.teamId, holdId, 1000n, [{ accountId: payee, assetCode: 'USD', amount: 1000n }], 'partner.payment'));
    assert.type(posted.movementId, 'string');
    assert.equal(
      posted.balances.map((row) => [row.accountId, row.available, row.reserved]),
      [payer, payee].sort().map((id) => (id === payer ? [payer, 7000n, 2000n] : [payee, 1000n, 0n])),
    );

    // More than remains, and credits that do not add up: refused, nothing changes.
    for (const [amount, credits] of [
      [2500n, [{ accountId: payee, assetCode: 'USD', amount: 2500n }]],
      [500n, [{ accountId: payee, assetCode: 'USD', amount: 400n }]],
      [500n, [{ accountId: payee, assetCode: 'EUR', amount: 500n }]],
    ] as const) {
      await refusal(() => run((tx) => ledger().capture(tx, ada.teamId, holdId, amount, credits, 'partner.payment')));
    }
    assert.equal(await balances(payer), { accountId: payer, assetCode: 'USD', available: 7000n, reserved: 2000n });
    assert.equal(await balances(payee), { accountId: payee, assetCode: 'USD', available: 1000n, reserved: 0n });

    const released = await run((tx) => ledger().release(tx, ada.teamId, holdId));
    assert.equal(released, { accountId: payer, assetCode: 'USD', available: 9000n, reserved: 0n });
    // A released hold cannot be captured, and releasing again changes nothing.
    const closed = await refusal(() => run((tx) => ledger().capture(tx, ada.teamId, holdId, 100n, [{ accountId: payee, assetCode: 'USD', amount: 100n }], 'partner.payment')));
    assert.is((closed as { code?: string }).code, 'hold_not_active');
    assert.equal(await run((tx) => ledger().release(tx, ada.teamId, holdId)), released);
  });

  test("another team's hold is not found", async () => {
    const holdId = await run((tx) => ledger().hold(tx, ada.teamId, { accountId: payer, assetCode: 'USD', amount: 100n }));
    const eve = await k.createUser('Eve Ledger');
    const missing = await refusal(() =>
      run((tx) => ledger().capture(tx, eve.teamId, holdId, 100n, [{ accountId: payee, assetCode: 'USD', amount: 100n }], 'partner.payment')),
    );
    assert.is((missing as { status?: number }).status, 404);
    await run((tx) => ledger().release(tx, ada.teamId, holdId));
  });

  test.run();
}
