import type { CarefulClient } from '../careful-client.js';
import { errorCode, refusedOrThrow, type ChaosModule, type Effect, type OperationContext, type OperationResult } from '../registry.js';
import { units } from '../units.js';

/**
 * Investment rounds (docs/cgo.md). The operator (the harness's admin
 * client) opens rounds that every team may invest in once; an investment
 * pays units × price of USD from the account into the team's escrow at
 * once (the acknowledged `paid`), and is a pending settlement until its
 * round closes: the close allocates every investment (pro rata when the
 * round is oversubscribed: a cap of 12 units, up to 8 per team) and pays
 * back what was not allocated, so the investment's refund comes back to
 * the paying account later, read from the allocated investment (`refund`,
 * `refund_status`). A refund is at most what was paid, so the model widens
 * the account's reads by `paid` until the investment is seen allocated.
 *
 * Rounds close two ways, both moving money: one in three by the clock
 * (`closes_at` 6 s ahead, the service's sweep every second), the rest by
 * the operator: the `cgo-close` operation closes the oldest such round
 * still open (else a clock round early, a race with the sweep), and after
 * the run the settlement closes what is left (the offering's end). A close touches every investing team's account, but
 * only by refunds those teams' models already hold pending, so it declares
 * no effects of its own. Refusals: more units than a team may take
 * (`units_out_of_limits`), a second investment in a round
 * (`already_invested`), a round closed meanwhile (`round_closed`), and a
 * close of a round closed already (`round_closed`).
 */
const PRICE = '1.37';
const MAX_UNITS = 8;
const HARD_CAP = 12;
/** How far ahead a clock-closed round's closes_at is, by the harness's clock. */
const CLOCK_ROUND_MS = 6_000;
/** An operator-closed round's closes_at: beyond any run and any clock jump, so only the operator closes it. */
const OPERATOR_ROUND_MS = 3_600_000;

interface Round {
  readonly id: string;
  /** The harness's time it closes by the clock; null when the operator closes it. */
  readonly closesAt: number | null;
  open: boolean;
  /** A close of it is in flight (cgo-close picks another). */
  closing: boolean;
  /** Teams (their first account) that invested in it. */
  readonly investors: Set<string>;
  /** One Idempotency-Key for the operator's close of it, whoever sends it. */
  readonly closeKey: string;
}

/** This scenario's operator and rounds: reset when a new scenario's setup brings another admin client. */
let state: { admin: CarefulClient; rounds: Round[] } | undefined;
let counts: Record<string, number> = {};
const count = (what: string) => (counts[what] = (counts[what] ?? 0) + 1);

function current(): { admin: CarefulClient; rounds: Round[] } {
  if (!state) throw new Error('cgo: no operator client (setup did not run)');
  return state;
}

async function openRound(context: OperationContext): Promise<Round> {
  const { admin, rounds } = current();
  const byClock = context.random.int(3) === 0;
  for (const ahead of byClock ? [CLOCK_ROUND_MS, OPERATOR_ROUND_MS] : [OPERATOR_ROUND_MS]) {
    const body = { name: 'Chaos round', asset_code: 'USD', price_per_unit: PRICE, min_units_per_investor: 1, max_units_per_investor: MAX_UNITS, hard_cap_units: HARD_CAP, closes_at: new Date(Date.now() + ahead).toISOString() };
    const answer = await admin.send('POST', '/api/v2/admin/cgo/rounds', body, context.idempotencyKey());
    if (answer.status === 201) {
      const round: Round = { id: answer.body.data.id, closesAt: ahead === CLOCK_ROUND_MS ? Date.parse(body.closes_at) : null, open: true, closing: false, investors: new Set(), closeKey: context.idempotencyKey() };
      rounds.push(round);
      count(round.closesAt === null ? 'rounds_operator' : 'rounds_clock');
      return round;
    }
    // The service's clock may have jumped past 6 s ahead (clock-jump): closes_at is then in its past, and the round is the operator's.
    if (!(answer.status === 422 && errorCode(answer.body) === 'invalid_terms' && ahead === CLOCK_ROUND_MS)) throw new Error(`opening a round: ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
  }
  throw new Error('unreachable');
}

/**
 * The operator's close of a round: 200 with its report, or 409 round_closed
 * when the clock or an earlier close got there first. Closing an open round
 * is one logical request whoever sends it (the round's key); asking again
 * for a closed one is another (a fresh key).
 */
async function closeRound(round: Round, key = round.closeKey): Promise<OperationResult> {
  round.closing = true;
  const answer = await current().admin.send('POST', `/api/v2/admin/cgo/rounds/${round.id}/close`, {}, key);
  if (answer.status === 200 || answer.status === 201) {
    round.open = false;
    count('closed_by_operator');
    return { outcome: 'acknowledged', id: round.id, effects: [] };
  }
  if (answer.status === 409 && errorCode(answer.body) === 'round_closed') round.open = false;
  return refusedOrThrow(answer);
}

async function invest(context: OperationContext): Promise<OperationResult> {
  const team = context.accounts[0]!;
  const { rounds } = current();
  // A round still open that this team has not invested in (a clock round with a second to spare), else a new one.
  const fresh = rounds.findLast((round) => round.open && !round.investors.has(team) && (round.closesAt === null || Date.now() < round.closesAt - 1_000));
  const again = context.random.int(6) === 0 ? rounds.findLast((round) => round.open && round.investors.has(team)) : undefined;
  const round = again ?? fresh ?? (await openRound(context));
  const account = context.random.pick(context.accounts);
  const asked = context.random.int(10) === 0 ? MAX_UNITS + 1 : 1 + context.random.int(MAX_UNITS);
  const answer = await context.client.send('POST', `/api/v2/cgo/rounds/${round.id}/investments`, { account_id: account, units: asked }, context.idempotencyKey());
  if (answer.status !== 201) {
    // Closed, or past closes_at by the service's clock (ahead of the harness's after a clock jump): no team picks it again.
    if (errorCode(answer.body) === 'round_closed') round.open = false;
    return refusedOrThrow(answer);
  }
  if (again) throw new Error(`a second investment of the team in round ${round.id} was acknowledged`);
  round.investors.add(team);
  const investment = answer.body.data;
  const paid = units(investment.paid);
  const refundAtMost: Effect = { account, asset: 'USD', chain: null, delta: paid };
  return {
    outcome: 'acknowledged',
    id: investment.id,
    effects: [{ account, asset: 'USD', chain: null, delta: -paid }],
    pending: {
      incoming: [],
      refunds: [refundAtMost],
      async settle(client) {
        const now = await client.send('GET', `/api/v2/cgo/investments/${investment.id}`);
        if (now.status !== 200) throw new Error(`acknowledged investment ${investment.id} answers ${now.status}`);
        const settled = now.body.data;
        if (settled.status === 'escrowed') {
          // The run is over: the operator closes what it still holds open (a clock round closes by itself within seconds).
          if (round.closesAt === null && round.open) await closeRound(round);
          return { final: false, effects: [] };
        }
        if (units(settled.cost) + units(settled.refund) !== paid) throw new Error(`investment ${investment.id} allocated with cost + refund ≠ paid: ${JSON.stringify(settled)}`);
        if (settled.refund_status === 'none') return { final: true, effects: [] };
        // The paying account stays active, so a refund is never held in escrow nor paid elsewhere.
        if (settled.refund_status !== 'refunded') throw new Error(`investment ${investment.id} of an active account has its refund ${settled.refund_status}`);
        count('refunded');
        return { final: true, effects: [{ ...refundAtMost, delta: units(settled.refund) }] };
      },
    },
  };
}

/**
 * The operator closes the oldest of its open rounds, else a clock round
 * before its time (the operator may close early); with none open, it asks
 * to close the last closed one again (the refusal).
 */
async function close(context: OperationContext): Promise<OperationResult> {
  const { rounds } = current();
  const open = rounds.find((one) => one.open && !one.closing && one.closesAt === null) ?? rounds.find((one) => one.open && !one.closing);
  if (open) return closeRound(open);
  const closed = rounds.findLast((one) => !one.open);
  if (closed) return closeRound(closed, context.idempotencyKey());
  return closeRound(await openRound(context));
}

export const cgo: ChaosModule = {
  name: 'cgo',
  modules: ['cgo'],
  // Clock rounds close within a second of closes_at.
  pluginConfig: { cgo: { close_interval_ms: 1_000 } },
  async setup(context) {
    if (state?.admin !== context.admin) state = { admin: context.admin, rounds: [] };
  },
  operations: [
    { name: 'cgo-invest', weight: 3, run: invest },
    { name: 'cgo-close', weight: 1, run: close },
  ],
  figures() {
    const since = counts;
    counts = {};
    return since;
  },
};
