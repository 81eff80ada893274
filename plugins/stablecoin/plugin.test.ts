import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { DEFAULT_ASSETS, DEFAULT_USD_PRICES } from '../../config/assets.js';
import { Ledger, StablecoinReserves, UnitOfWork } from '../../kernel/public.js';
import { bootGraphql, data, gql, type GraphqlKernel } from '../../test/e2e/graphql-kit.js';
import type { TestUser } from '../../test/fixtures/boot.js';
import { assertConservation } from '../../test/fixtures/conservation.js';
import { StablecoinIssuanceView, StablecoinReserveView } from './operations.js';
import { e2eStores } from '../../test/fixtures/stores.js';

/**
 * The e-money token end to end over real HTTP and GraphQL (memory, PGlite,
 * and PostgreSQL when DATABASE_URL is set): mint and redeem at par through the
 * ledger, the reserve figures after each, bad input and other teams, with
 * the ledger's conservation checked after every scenario.
 */
export const STABLECOIN_CONFIG = {
  assets: [...DEFAULT_ASSETS, { code: 'USDB', name: 'Bank USD e-money token', type: 'crypto' as const, precision: 2 }],
  usdPrices: { ...DEFAULT_USD_PRICES, USDB: '1' },
  pluginConfig: { stablecoin: { tokens: { USDB: { reference_asset: 'USD' } } } },
};
for (const store of e2eStores()) {
  const test = suite(`stablecoin over HTTP and GraphQL: ${store}`);
  let g: GraphqlKernel;
  let ada: TestUser;
  let bob: TestUser;
  let account: string;

  test.before(async () => {
    g = await bootGraphql({ store, modules: ['core-banking', 'stablecoin', 'regtech'], rateLimits: false, config: STABLECOIN_CONFIG });
    ada = await g.createUser('Ada Coins');
    bob = await g.createUser('Bob Coins');
    account = (await g.request('POST', '/api/v2/accounts', { key: ada.key, body: { name: 'Main', type: 'personal' } })).body.data.uuid;
    assert.is((await g.request('POST', `/api/v2/accounts/${account}/deposit`, { key: ada.key, body: { amount: '1000.00', asset_code: 'USD' } })).status, 201);
  });
  test.after(() => g.close());

  const post = (user: TestUser, path: string, body?: unknown) => g.request('POST', `/api/v2${path}`, { key: user.key, body });
  const issue = async (kind: 'mint' | 'redeem', amount: string) => {
    const answer = await post(ada, `/stablecoins/USDB/${kind}`, { account_id: account, amount });
    assert.is(answer.status, 201, JSON.stringify(answer.body));
    return StablecoinIssuanceView.parse(answer.body.data);
  };
  const reserve = async (user = ada) => StablecoinReserveView.parse((await g.request('GET', '/api/v2/stablecoins/USDB/reserve', { key: user.key })).body.data);
  const holdings = async () => {
    const [usd, usdb] = await g.k.get(UnitOfWork).run(async (tx) => [await g.k.get(Ledger).balance(tx, ada.teamId, account, 'USD'), await g.k.get(Ledger).balance(tx, ada.teamId, account, 'USDB')]);
    return [usd!.available, usdb!.available];
  };

  test('mint moves fiat into the reserve and credits tokens; redeem reverses it; the figures are exact after each step', async () => {
    const empty = await reserve();
    assert.equal([empty.outstanding_supply, empty.reserve_assets, empty.coverage_ratio, empty.fully_reserved], ['0.00', '0.00', null, true]);
    const [usd] = await holdings();
    const minted = await issue('mint', '250.00');
    assert.equal([minted.kind, minted.code, minted.reference_asset, minted.amount, minted.account_id], ['mint', 'USDB', 'USD', '250.00', account]);
    assert.equal(await holdings(), [usd! - 25_000n, 25_000n]);
    const after = await reserve();
    assert.equal([after.outstanding_supply, after.reserve_assets, after.coverage_ratio, after.fully_reserved], ['250.00', '250.00', '1.000000', true]);
    await issue('mint', '0.01');
    const redeemed = await issue('redeem', '100.00');
    assert.is(redeemed.kind, 'redeem');
    assert.equal(await holdings(), [usd! - 15_001n, 15_001n]);
    assert.equal([(await reserve()).outstanding_supply, (await reserve()).reserve_assets], ['150.01', '150.01']);
    const listed = (await g.request('GET', '/api/v2/stablecoins/USDB/issuances?per_page=2', { key: ada.key })).body;
    assert.equal([listed.data.map((one: { id: string }) => one.id), listed.meta.total], [[redeemed.id, listed.data[1].id], 3]);
    const all = (await g.request('GET', '/api/v2/stablecoins', { key: ada.key })).body.data;
    assert.equal(all.map((one: { code: string; outstanding_supply: string }) => [one.code, one.outstanding_supply]), [['USDB', '150.01']]);
    const status = (await g.request('GET', '/api/v2/regtech/status', { key: ada.key })).body.data;
    assert.equal(status.stablecoin_reserves, [{ code: 'USDB', reference_asset: 'USD', outstanding_supply: '150.01', reserve_assets: '150.01', coverage_ratio: '1.000000', fully_reserved: true }]);
    assert.not.ok(status.open_issues.some((issue: { code: string }) => issue.code === 'stablecoin_under_reserved'));
    const port = await g.k.get(UnitOfWork).run((tx) => g.k.get(StablecoinReserves).reserves(tx, ada.teamId));
    assert.equal(port, [{ code: 'USDB', referenceAsset: 'USD', precision: 2, outstandingSupply: 15_001n, reserveAssets: 15_001n }]);
    const events = await g.k.store.eventStore.readAfter(0n, 1000);
    assert.equal(events.filter((one) => one.type.startsWith('stablecoin.')).map((one) => one.type), ['stablecoin.minted', 'stablecoin.minted', 'stablecoin.redeemed']);
    await assertConservation(g.k);
  });

  test('a redemption never exceeds what the team has outstanding, even with tokens that came another way; concurrent ones neither', async () => {
    const before = await reserve();
    assert.is((await post(ada, `/accounts/${account}/deposit`, { amount: '50.00', asset_code: 'USDB' })).status, 201);
    const refused = await post(ada, '/stablecoins/USDB/redeem', { account_id: account, amount: '150.02' });
    assert.equal([refused.status, refused.body.errors[0].code, refused.body.errors[0].source.pointer], [422, 'exceeds_outstanding_supply', '/amount']);
    const answers = await Promise.all(Array.from({ length: 4 }, () => post(ada, '/stablecoins/USDB/redeem', { account_id: account, amount: '50.00' })));
    assert.equal(answers.map((one) => one.status).sort(), [201, 201, 201, 422]);
    const after = await reserve();
    assert.equal([after.outstanding_supply, after.reserve_assets, after.fully_reserved], ['0.01', '0.01', true]);
    assert.ok(Number(before.outstanding_supply) > 0);
    await assertConservation(g.k);
  });

  test('bad input is a 4xx with a pointer that changes nothing; another team sees and changes nothing', async () => {
    const before = [await holdings(), await reserve()];
    const refusals: [string, unknown, number, string, string][] = [
      ['/stablecoins/USDB/mint', { account_id: account, amount: '1.001' }, 422, '/amount', 'invalid_amount'],
      ['/stablecoins/USDB/redeem', { account_id: account, amount: '0' }, 422, '/amount', ''],
      ['/stablecoins/USDB/mint', { account_id: account, amount: '-1.00' }, 422, '/amount', ''],
      ['/stablecoins/USDB/mint', { account_id: account, amount: 1 }, 422, '/amount', ''],
      ['/stablecoins/USDB/mint', { account_id: 'nope', amount: '1.00' }, 422, '/account_id', 'validation_failed'],
      ['/stablecoins/USDB/mint', { account_id: account, amount: '100000.00' }, 422, '', 'insufficient_funds'],
    ];
    for (const [path, body, status, pointer, code] of refusals) {
      const answer = await post(ada, path, body);
      assert.is(answer.status, status, `${path} ${JSON.stringify(body)}: ${JSON.stringify(answer.body)}`);
      if (code) assert.is(answer.body.errors[0].code, code, JSON.stringify(answer.body));
      if (pointer) assert.is(answer.body.errors[0].source.pointer, pointer, JSON.stringify(answer.body));
    }
    assert.is((await post(ada, '/stablecoins/USD/mint', { account_id: account, amount: '1.00' })).status, 404);
    assert.is((await g.request('GET', '/api/v2/stablecoins/EURB/reserve', { key: ada.key })).status, 404);
    // Bob's team: Ada's account is unknown to it, Ada's figures and history are not its own.
    assert.is((await post(bob, '/stablecoins/USDB/mint', { account_id: account, amount: '1.00' })).status, 404);
    assert.is((await post(bob, '/stablecoins/USDB/redeem', { account_id: account, amount: '0.01' })).status, 404);
    assert.equal([(await reserve(bob)).outstanding_supply, (await reserve(bob)).coverage_ratio], ['0.00', null]);
    assert.is((await g.request('GET', '/api/v2/stablecoins/USDB/issuances', { key: bob.key })).body.meta.total, 0);
    assert.equal([await holdings(), await reserve()].map((one, i) => (i === 1 ? { ...(one as object), computed_at: '' } : one)), [before[0], { ...(before[1] as object), computed_at: '' }]);
    await assertConservation(g.k);
  });

  test('GraphQL: reserves, history, mint and redeem through the same operations; errors carry codes', async () => {
    const MINT = 'mutation($input: StablecoinIssueInput!) { mintStablecoin(input: $input) { id kind amount } }';
    const minted = await data(g, MINT, { input: { code: 'USDB', account_id: account, amount: '20.00' } }, ada.key);
    assert.equal([minted.mintStablecoin.kind, minted.mintStablecoin.amount], ['mint', '20.00']);
    const redeemed = await data(g, 'mutation($input: StablecoinIssueInput!) { redeemStablecoin(input: $input) { kind amount } }', { input: { code: 'USDB', account_id: account, amount: '5.00' } }, ada.key);
    assert.equal(redeemed.redeemStablecoin, { kind: 'redeem', amount: '5.00' });
    const read = await data(g, '{ stablecoinReserve(code: "USDB") { outstanding_supply reserve_assets coverage_ratio fully_reserved } stablecoinReserves { code } stablecoinIssuances(code: "USDB", first: 1) { data { kind } paginatorInfo { total } } }', undefined, ada.key);
    assert.equal(read.stablecoinReserve, { outstanding_supply: '15.01', reserve_assets: '15.01', coverage_ratio: '1.000000', fully_reserved: true });
    assert.equal([read.stablecoinReserves, read.stablecoinIssuances.data, read.stablecoinIssuances.paginatorInfo.total], [[{ code: 'USDB' }], [{ kind: 'redeem' }], 8]);
    const refused = await gql(g, MINT, { input: { code: 'USDB', account_id: account, amount: 'lots' } }, ada.key);
    assert.equal([refused.body.errors[0].extensions.code, refused.body.errors[0].extensions.source.pointer], ['invalid_amount', '/amount'], JSON.stringify(refused.body));
    const hidden = await gql(g, MINT, { input: { code: 'USDB', account_id: account, amount: '1.00' } }, bob.key);
    assert.is(hidden.body.errors[0].extensions.code, 'not_found');
    assert.is((await data(g, '{ stablecoinIssuances(code: "USDB") { paginatorInfo { total } } }', undefined, bob.key)).stablecoinIssuances.paginatorInfo.total, 0);
    await assertConservation(g.k);
  });

  test.run();
}
