import type { CarefulClient } from '../careful-client.js';
import { refusedOrThrow, type ChaosModule, type OperationContext, type OperationResult } from '../registry.js';
import { units } from '../units.js';

/**
 * Commerce invoices paid between teams (docs/commerce.md). Every team has
 * one merchant settling into its first account, applied for and approved
 * by the operator in setup. `commerce-invoice` issues an invoice of USD
 * (moves nothing) and offers its pay code to the other teams; one in six
 * is voided at once and kept for the refusal path instead (setup voids
 * one per team, so that path always has a code).
 * `commerce-pay` pays another team's open code from either of the team's
 * accounts: the acknowledged answer moved its `amount` of USD from the
 * paying account to the merchant's settlement account across teams (two
 * ledger movements through each team's commerce clearing account, in one
 * unit of work), so the merchant's credit is expected while in flight.
 * One in eight pays a code that is already paid (409 invoice_paid) or
 * void (409 invoice_void) and must move nothing.
 */
const AMOUNTS = ['0.01', '2.50', '75.00'];
const DAY_MS = 86_400_000;

interface Code {
  readonly code: string;
  /** The merchant's settlement account (the issuing team's first account). */
  readonly settlement: string;
  /** The invoice's amount, units. */
  readonly amount: bigint;
  readonly state: 'open' | 'paid' | 'void';
}
/** Each team's merchant, by its settlement account (uuids: a later scenario's teams never meet an earlier one's). */
const merchants = new Map<string, string>();
/** Open codes offered for payment; a payer takes one out, so no two payers race for a code. */
const open: Code[] = [];
/** Codes that must be refused: paid (invoice_paid) or voided (invoice_void). */
const spent: Code[] = [];

/** Issues an invoice of USD of the team's merchant, due in a day (clock jumps move minutes); one in six (`voided`) is voided at once. */
async function invoice(client: CarefulClient, key: () => string, settlement: string, amount: string, voided: boolean): Promise<OperationResult> {
  const merchant = merchants.get(settlement);
  if (!merchant) throw new Error(`the team of ${settlement} has no merchant`);
  const body = { merchant_id: merchant, amount, asset_code: 'USD', description: 'chaos', due_at: new Date(Date.now() + DAY_MS).toISOString() };
  const created = await client.send('POST', '/api/v2/commerce/invoices', body, key());
  if (created.status !== 201 && created.status !== 200) return refusedOrThrow(created);
  const { id, pay_code: code } = created.body.data as { id: string; pay_code: string };
  const owed = units(created.body.data.amount);
  if (voided) {
    const answer = await client.send('POST', `/api/v2/commerce/invoices/${id}/void`, {}, key());
    // Nobody else knows the code yet, so nothing can have paid it.
    if (answer.status !== 200 || answer.body.data.status !== 'void') throw new Error(`voiding invoice ${id} of our own: ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
    spent.push({ code, settlement, amount: owed, state: 'void' });
  } else {
    open.push({ code, settlement, amount: owed, state: 'open' });
  }
  return { outcome: 'acknowledged', id, effects: [] };
}

const issue = (context: OperationContext) => invoice(context.client, () => context.idempotencyKey(), context.accounts[0]!, context.random.pick(AMOUNTS), context.random.int(6) === 0);

/** Takes out a code of another team (of this scenario's peers) from `codes`, at random. */
function take(context: OperationContext, codes: Code[]): Code | undefined {
  const peers = new Set(context.peers.map((peer) => peer.accounts[0]!));
  const candidates = codes.map((code, index) => ({ code, index })).filter(({ code }) => peers.has(code.settlement));
  if (candidates.length === 0) return undefined;
  const { index } = context.random.pick(candidates);
  return codes.splice(index, 1)[0];
}

async function pay(context: OperationContext): Promise<OperationResult> {
  const account = context.random.pick(context.accounts);
  const refusal = context.random.int(8) === 0;
  const payable = refusal ? undefined : take(context, open);
  const chosen = payable ?? take(context, spent) ?? take(context, open);
  if (!chosen) {
    // Every peer's codes are in other payers' hands at this instant: a code nobody has is refused too.
    const answer = await context.client.send('POST', '/api/v2/commerce/pay/pay_nobody_has_this_code', { account_id: account }, context.idempotencyKey());
    return refusedOrThrow(answer);
  }
  const openCode = chosen.state === 'open';
  if (openCode) context.expect([{ account: chosen.settlement, asset: 'USD', chain: null, delta: chosen.amount }]);
  const answer = await context.client.send('POST', `/api/v2/commerce/pay/${chosen.code}`, { account_id: account }, context.idempotencyKey());
  if (answer.status !== 200 && answer.status !== 201) {
    // Refused: nothing moved. An open code refused for the payer's funds stays payable by another team.
    (openCode && answer.status === 422 ? open : spent).push(chosen);
    return refusedOrThrow(answer);
  }
  if (!openCode) throw new Error(`a ${chosen.state} invoice (code ${chosen.code}) was paid: ${JSON.stringify(answer.body).slice(0, 300)}`);
  const paid = units(answer.body.data.amount);
  if (paid !== chosen.amount || answer.body.data.account_id !== account) throw new Error(`paying ${chosen.code} of ${chosen.amount} units answered ${JSON.stringify(answer.body.data)}`);
  spent.push({ ...chosen, state: 'paid' });
  return {
    outcome: 'acknowledged',
    id: answer.body.data.movement_id,
    effects: [
      { account, asset: 'USD', chain: null, delta: -paid },
      { account: chosen.settlement, asset: 'USD', chain: null, delta: paid },
    ],
  };
}

export const commerce: ChaosModule = {
  name: 'commerce',
  modules: ['commerce'],
  async setup(context) {
    const settlement = context.accounts[0]!;
    const applied = await context.client.send('POST', '/api/v2/commerce/merchants', { name: 'Chaos shop', settlement_account_id: settlement }, context.idempotencyKey());
    if (applied.status !== 201) throw new Error(`applying for a merchant: ${applied.status} ${JSON.stringify(applied.body).slice(0, 300)}`);
    const id: string = applied.body.data.id;
    const approved = await context.admin.send('POST', `/api/v2/commerce/merchants/${id}/approve`, {}, context.idempotencyKey());
    if (approved.status !== 200) throw new Error(`approving merchant ${id}: ${approved.status} ${JSON.stringify(approved.body).slice(0, 300)}`);
    merchants.set(settlement, id);
    // One void invoice per team from the start, so the refusal path always has a code.
    const voided = await invoice(context.client, () => context.idempotencyKey(), settlement, '1.00', true);
    if (voided.outcome !== 'acknowledged') throw new Error(`issuing an invoice in setup: ${JSON.stringify(voided)}`);
  },
  operations: [
    { name: 'commerce-invoice', weight: 2, run: issue },
    { name: 'commerce-pay', weight: 2, run: pay },
  ],
};
