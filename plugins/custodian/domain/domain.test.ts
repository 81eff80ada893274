import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { difference, reconcile } from './custodian-account.js';

test('reconcile lists every holding either side knows, a missing side as 0', () => {
  const rows = reconcile(new Map([['USD', 500n], ['BTC', 7n]]), new Map([['USD', 450n], ['EUR', 20n]]));
  assert.equal(rows, [
    { holding: 'BTC', custodianBalance: 7n, ledgerBalance: 0n },
    { holding: 'EUR', custodianBalance: 0n, ledgerBalance: 20n },
    { holding: 'USD', custodianBalance: 500n, ledgerBalance: 450n },
  ]);
  assert.equal(rows.map(difference), [7n, -20n, 50n]);
});

test.run();
