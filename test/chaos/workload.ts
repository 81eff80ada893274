import { CarefulClient, Unresolved } from './careful-client.js';
import { BalanceModel, holdingKey } from './model.js';
import { ChaosRandom } from './random.js';
import type { ChaosModule, ChaosOperation, Effect } from './registry.js';
import { decimal, units } from './units.js';

export interface Violation {
  readonly checker: string;
  readonly detail: string;
}

/** One client of the workload: its own team (user and key), two accounts, its model, its journal. */
export interface Worker {
  readonly index: number;
  /** Its team's id (the events table's team_id, for the webhook checker). */
  readonly teamId: string;
  /** Its user's email (the p2p recipient address). */
  readonly email: string;
  readonly client: CarefulClient;
  readonly accounts: string[];
  readonly model: BalanceModel;
  /** Ids of acknowledged deposits and withdrawals per account: each must be listed exactly once afterwards. */
  readonly acknowledged: Map<string, string[]>;
}

export interface WorkloadFigures {
  operations: number;
  acknowledged: number;
  refused: number;
  unresolved: number;
  reads: number;
  byOperation: Record<string, number>;
  refusals: Record<string, number>;
}

/** Creates `count` teams with two accounts each, funded by every module's setup. */
export async function createWorkers(admin: CarefulClient, urls: () => string[], modules: readonly ChaosModule[], count: number, random: ChaosRandom): Promise<Worker[]> {
  const workers: Worker[] = [];
  for (let index = 0; index < count; index++) {
    const email = `chaos-${index}-${random.hex(4)}@example.test`;
    const user = await admin.send('POST', '/api/v2/admin/users', { name: `Chaos ${index}`, email }, random.hex(12));
    if (user.status !== 201) throw new Error(`creating a user: ${user.status} ${JSON.stringify(user.body)}`);
    const client = new CarefulClient(urls, user.body.data.api_key.key, (n) => random.int(n));
    const accounts: string[] = [];
    for (const name of ['main', 'savings']) {
      const account = await client.send('POST', '/api/v2/accounts', { name, type: 'personal' }, random.hex(12));
      if (account.status !== 201) throw new Error(`creating an account: ${account.status} ${JSON.stringify(account.body)}`);
      accounts.push(account.body.data.uuid);
    }
    const worker: Worker = { index, teamId: user.body.data.user.team_id, email, client, accounts, model: new BalanceModel(), acknowledged: new Map() };
    for (const module of modules) {
      await module.setup?.({ client, admin, accounts, idempotencyKey: () => random.hex(16), record: (effects) => worker.model.apply(effects) });
    }
    workers.push(worker);
  }
  return workers;
}

/**
 * Runs every worker until `until()` is false or `maxOperations` in all:
 * each picks a registered operation at random (after every one has run
 * once), sends it as a careful
 * client, records what the answer acknowledged; every fourth step it reads
 * one account's balances and checks them against the model (history).
 */
export async function runWorkload(
  workers: readonly Worker[],
  modules: readonly ChaosModule[],
  random: ChaosRandom,
  until: () => boolean,
  maxOperations: number,
  violations: Violation[],
  serviceUrl: string,
): Promise<WorkloadFigures> {
  const operations: (readonly [ChaosOperation, number])[] = modules.flatMap((module) => module.operations.map((operation) => [operation, operation.weight] as const));
  const figures: WorkloadFigures = { operations: 0, acknowledged: 0, refused: 0, unresolved: 0, reads: 0, byOperation: {}, refusals: {} };
  // Every registered operation runs once first, so even a short run (the slice in npm test) covers each workload.
  const unrun = operations.map(([operation]) => operation);
  // Effects may name another team's accounts: each goes to the model of the team that holds it.
  const owner = new Map(workers.flatMap((worker) => worker.accounts.map((account) => [account, worker] as const)));
  const modelOf = (effect: Effect) => {
    const holder = owner.get(effect.account);
    if (!holder) throw new Error(`an effect on ${effect.account}, which no client holds`);
    return holder.model;
  };
  const apply = (effects: readonly Effect[]) => {
    for (const effect of effects) modelOf(effect).apply([effect]);
  };
  await Promise.all(
    workers.map(async (worker) => {
      let step = 0;
      while (until() && figures.operations < maxOperations && !worker.model.ambiguous.size) {
        step += 1;
        if (step % 4 === 0) {
          await readAndCheck(worker, random, violations).catch((error) => {
            if (!(error instanceof Unresolved)) throw error;
          });
          figures.reads += 1;
          continue;
        }
        const operation = unrun.shift() ?? random.weighted(operations);
        figures.operations += 1;
        figures.byOperation[operation.name] = (figures.byOperation[operation.name] ?? 0) + 1;
        const expected: Effect[] = [];
        const releases: (() => void)[] = [];
        const peers = workers.filter((peer) => peer !== worker).map((peer) => ({ email: peer.email, accounts: peer.accounts }));
        const expect = (effects: readonly Effect[]) => {
          for (const effect of effects) {
            expected.push(effect);
            releases.push(modelOf(effect).expect([effect]));
          }
        };
        try {
          const result = await operation.run({ client: worker.client, serviceUrl, random, accounts: worker.accounts, peers, expect, idempotencyKey: () => random.hex(16) });
          if (result.outcome === 'refused') {
            figures.refused += 1;
            figures.refusals[`${operation.name}:${result.code}`] = (figures.refusals[`${operation.name}:${result.code}`] ?? 0) + 1;
            continue;
          }
          figures.acknowledged += 1;
          apply(result.effects);
          if (result.pending) worker.model.addPending(result.pending);
          else if (result.id) for (const effect of result.effects) recordId(worker, effect, result.id, operation.name);
        } catch (error) {
          if (!(error instanceof Unresolved)) throw error;
          // No definitive answer within the retry budget: this team's exact balance is unknown from here on.
          figures.unresolved += 1;
          for (const account of worker.accounts) worker.model.ambiguous.add(account);
          // So is every other team's holding the request may have reached.
          for (const effect of expected) modelOf(effect).ambiguous.add(effect.account);
        } finally {
          for (const release of releases) release();
        }
      }
    }),
  );
  return figures;
}

function recordId(worker: Worker, effect: Effect, id: string, operation: string): void {
  // Deposits and withdrawals are one transaction of the account; a swap's legs are checked by balance only.
  if (operation !== 'deposit' && operation !== 'withdraw') return;
  const ids = worker.acknowledged.get(effect.account) ?? [];
  ids.push(id);
  worker.acknowledged.set(effect.account, ids);
}

/** The bank-test read: every holding's available balance within what the acknowledged history allows now. */
export async function readAndCheck(worker: Worker, random: ChaosRandom, violations: Violation[]): Promise<void> {
  const account = random.pick(worker.accounts);
  // Another team's write may land while the read is in flight, and the read's snapshot may be from before or
  // after it: the read may show anything the model allowed when it was sent or when it was answered.
  const before = new Map(worker.model.holdings().filter(({ holding }) => holding.account === account).map(({ holding }) => [holdingKey(holding), worker.model.bounds(holding)]));
  const answer = await worker.client.send('GET', `/api/v2/accounts/${account}/balances`);
  if (answer.status !== 200) throw new Error(`balances of ${account}: ${answer.status}`);
  for (const { holding, amount: _ } of worker.model.holdings()) {
    if (holding.account !== account) continue;
    const row = (answer.body.data.balances as any[]).find((balance) => balance.asset_code === holding.asset && (balance.chain ?? null) === holding.chain);
    const seen = row ? units(row.available_balance) : 0n;
    const after = worker.model.bounds(holding);
    const sent = before.get(holdingKey(holding)) ?? after;
    const low = sent.low < after.low ? sent.low : after.low;
    const high = sent.high > after.high ? sent.high : after.high;
    if (seen < low || seen > high) {
      violations.push({ checker: 'history', detail: `${holding.account} ${holding.asset}@${holding.chain ?? '-'} read ${decimal(seen)}, acknowledged history allows [${decimal(low)}, ${decimal(high)}]` });
    }
  }
}
