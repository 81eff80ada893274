import type { CarefulClient } from './careful-client.js';
import { exactBalances, ledgerAudit, workflowsFinal } from './checkers.js';
import type { ChaosRandom } from './random.js';
import { units } from './units.js';
import { readAndCheck, type Violation, type Worker } from './workload.js';

/**
 * Each checker shown failing on an injected fault, after a clean run's
 * checks passed: a checker that cannot fail proves nothing. Each control
 * prints whether the checker caught it; `caught: false` is a harness bug
 * and fails the run.
 */
export async function negativeControls(admin: CarefulClient, workers: readonly Worker[], random: ChaosRandom): Promise<{ control: string; checker: string; caught: boolean }[]> {
  const results: { control: string; checker: string; caught: boolean }[] = [];
  const worker = workers.find((candidate) => candidate.model.ambiguous.size === 0)!;
  const [account] = worker.accounts as [string];
  const caught = (violations: Violation[], checker: string) => violations.some((violation) => violation.checker === checker);

  // A write applied twice: one deposit sent again under a fresh key, as a client without Idempotency-Key would.
  const twice = await worker.client.send('POST', `/api/v2/accounts/${account}/deposit`, { amount: '1.00', asset_code: 'USD' }, random.hex(16));
  results.push({ control: 'deposit applied twice (resent without its key)', checker: 'applied-once', caught: caught((await exactBalances([worker])).violations, 'applied-once') });
  worker.model.apply([{ account, asset: 'USD', chain: null, delta: units(twice.body.data.amount) }]);

  // An acknowledged write lost: the model holds a deposit the service never booked.
  const lost = { account, asset: 'USD', chain: null, delta: units('7.00') };
  worker.model.apply([lost]);
  results.push({ control: 'acknowledged deposit missing', checker: 'acknowledged-present', caught: caught((await exactBalances([worker])).violations, 'acknowledged-present') });

  // A read that shows money not (yet) there: the same phantom deposit, read back.
  const history: Violation[] = [];
  for (let i = 0; i < 8 && !caught(history, 'history'); i++) await readAndCheck(worker, random, history);
  results.push({ control: 'read shows money not there', checker: 'history', caught: caught(history, 'history') });
  worker.model.apply([{ ...lost, delta: -lost.delta }]);

  // Money between teams: a p2p transfer whose credit the recipient's model never hears of; the recipient's read must flag it.
  const recipient = workers.find((candidate) => candidate !== worker && candidate.model.ambiguous.size === 0);
  if (recipient) {
    const sent = await worker.client.send('POST', '/api/v2/mobile/transfers/p2p', { to_user: recipient.email, amount: '2.00', currency: 'USD', note: 'control', from_account: account }, random.hex(16));
    const credit = { account: recipient.accounts[0]!, asset: 'USD', chain: null, delta: units(sent.body.data.amount) };
    worker.model.apply([{ account, asset: 'USD', chain: null, delta: -credit.delta }]);
    const crossTeam: Violation[] = [];
    for (let i = 0; i < 8 && !caught(crossTeam, 'history'); i++) await readAndCheck(recipient, random, crossTeam);
    results.push({ control: "another team's credit missing from the recipient's model", checker: 'history', caught: caught(crossTeam, 'history') });
    recipient.model.apply([credit]);
  }

  // A workflow not final within its bound: a fresh transfer checked with a bound of 0 ms (settlement waits 2 s).
  const transfer = await worker.client.send('POST', '/api/v2/transfers', { from_account: account, to_account: worker.accounts[1], amount: '1.00', asset_code: 'USD' }, random.hex(16));
  const amount = units(transfer.body.data.amount);
  const fee = units(transfer.body.data.fees.transfer_fee);
  worker.model.apply([{ account, asset: 'USD', chain: null, delta: -(amount + fee) }]);
  worker.model.addPending({
    incoming: [{ account: worker.accounts[1]!, asset: 'USD', chain: null, delta: amount }],
    async settle(client) {
      const now = await client.send('GET', `/api/v2/transfers/${transfer.body.data.uuid}`);
      const status = now.body.data.status;
      if (status === 'pending') return { final: false, effects: [] };
      return { final: true, effects: status === 'completed' ? [{ account: worker.accounts[1]!, asset: 'USD', chain: null, delta: amount }] : [{ account, asset: 'USD', chain: null, delta: amount + fee }] };
    },
  });
  results.push({ control: 'transfer checked with a 0 ms bound', checker: 'workflows-final', caught: caught(await workflowsFinal([worker], 0), 'workflows-final') });
  await workflowsFinal([worker], 30_000);

  // Tokens at a custody address that no ledger entry booked: the faucet aimed at a deposit address.
  const addresses = await worker.client.send('GET', `/api/v2/accounts/${account}/deposit-addresses`);
  const polygon = (addresses.body.data as any[]).find((address) => address.chain === 'polygon');
  await admin.send('POST', '/api/v2/sandbox/faucet', { chain: 'polygon', address: polygon.address, asset_code: 'USDC', amount: '3.000000' }, random.hex(16));
  const audit = (await ledgerAudit(admin)).violations;
  results.push({ control: 'tokens minted to a custody address, unbooked', checker: 'chain-reconciliation', caught: caught(audit, 'chain-reconciliation') });
  results.push({ control: 'tokens minted to a custody address, unbooked', checker: 'ledger-audit', caught: caught(audit, 'ledger-audit') });
  return results;
}
