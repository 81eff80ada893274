import { refusedOrThrow, type ChaosModule, type OperationContext, type OperationResult } from '../registry.js';
import { units } from '../units.js';

/**
 * Reward points redeemed into cashback (docs/rewards.md). Every team
 * enrols at setup; its card captures (the card-issuance workload) then earn
 * points, one per whole USD captured, counted by the service's consumer of
 * card events after the capture commits. Points are not money: they live
 * in the rewards tables, no ledger entry moves when they are earned (nor
 * when a quest's bonus is), so earning is no operation of the model's.
 * The one money movement is a redemption: `amount` of USD (points × 0.01)
 * from the bank's system:rewards-expense account to the team's account,
 * read from the acknowledged answer.
 *
 * A redemption reads the team's points first and redeems between the
 * minimum and what it holds (at most four times the minimum); a team with fewer redeems the minimum anyway
 * and is refused `insufficient_points` (the consumer may also credit
 * points between the read and the redemption, so the refusal is the
 * service's to decide). One in ten asks for half the minimum
 * (`below_minimum_redemption`). The minimum is 20 points here, not the
 * default 100: a team's captures earn about 100 points in 20 s, and the
 * run should redeem often, not mostly be refused.
 */
const MINIMUM = 20;

async function redeem(context: OperationContext): Promise<OperationResult> {
  const account = context.random.pick(context.accounts);
  const profile = await context.client.send('GET', '/api/v2/rewards/profile');
  if (profile.status !== 200) throw new Error(`the reward profile of an enrolled team answers ${profile.status}: ${JSON.stringify(profile.body).slice(0, 300)}`);
  const held = Number(profile.body.data.points);
  // At most four times the minimum, so points left over redeem again soon.
  const points = context.random.int(10) === 0 ? MINIMUM / 2 : held <= MINIMUM ? MINIMUM : MINIMUM + context.random.int(Math.min(held, 4 * MINIMUM) - MINIMUM + 1);
  const answer = await context.client.send('POST', '/api/v2/rewards/redemptions', { points: String(points), account_id: account }, context.idempotencyKey());
  if (answer.status !== 201) return refusedOrThrow(answer);
  const redemption = answer.body.data;
  if (redemption.account_id !== account || redemption.points !== String(points)) throw new Error(`a redemption of ${points} points to ${account} answered ${JSON.stringify(redemption).slice(0, 300)}`);
  return { outcome: 'acknowledged', id: redemption.id, effects: [{ account, asset: redemption.asset_code, chain: null, delta: units(redemption.amount) }] };
}

export const rewards: ChaosModule = {
  name: 'rewards',
  // Captures earn only with card-issuance on (its workload is registered too).
  modules: ['rewards', 'card-issuance'],
  pluginConfig: { rewards: { min_redemption_points: MINIMUM } },
  async setup(context) {
    const answer = await context.client.send('POST', '/api/v2/rewards/profile', {}, context.idempotencyKey());
    if (answer.status !== 201) throw new Error(`enrolling in rewards: ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
  },
  operations: [{ name: 'rewards-redeem', weight: 1, run: redeem }],
};
