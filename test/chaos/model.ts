import type { Effect, Holding, Pending } from './registry.js';

export function holdingKey(holding: Holding): string {
  return `${holding.account}|${holding.asset}|${holding.chain ?? ''}`;
}

/**
 * What the service must hold, built only from acknowledged answers:
 * `settled` sums the effects that are certain, `pending` the transfers
 * acknowledged but not yet seen final. A read may show a pending
 * transfer's credit or refund or not, never anything else; so each
 * holding's available balance must lie in [settled, settled + pending
 * credits] (the history check), and after every pending one is final it
 * must equal `settled` exactly (acknowledged present, nothing twice).
 *
 * Money between teams: a team's reads are not ordered after another
 * team's writes, so another client's request in flight may land on this
 * team's holding at any moment before its sender sees the answer. Such a
 * request is `expect`ed here while it is in flight: a credit widens the
 * interval upwards, a debit downwards, until its sender applies what the
 * answer acknowledged (to this team's model) and releases it. For the
 * same reason a read may show what the model allowed when the read was
 * sent or what it allows when it is answered (workload.ts, readAndCheck):
 * another team's credit acknowledged meanwhile may be in the read's
 * snapshot or not.
 */
export class BalanceModel {
  readonly #settled = new Map<string, { holding: Holding; amount: bigint }>();
  readonly #pending = new Set<Pending>();
  readonly #inFlight = new Set<readonly Effect[]>();
  /** Accounts whose last write never got a definitive answer: their exact check is skipped and counted. */
  readonly ambiguous = new Set<string>();

  apply(effects: readonly Effect[]): void {
    for (const effect of effects) {
      const key = holdingKey(effect);
      const entry = this.#settled.get(key) ?? { holding: { account: effect.account, asset: effect.asset, chain: effect.chain }, amount: 0n };
      entry.amount += effect.delta;
      this.#settled.set(key, entry);
    }
  }

  addPending(pending: Pending): void {
    this.#pending.add(pending);
  }

  resolve(pending: Pending, effects: readonly Effect[]): void {
    this.#pending.delete(pending);
    this.apply(effects);
  }

  /** Another team's request that may touch these holdings is in flight; the returned function ends it. */
  expect(effects: readonly Effect[]): () => void {
    this.#inFlight.add(effects);
    return () => this.#inFlight.delete(effects);
  }

  pending(): Pending[] {
    return [...this.#pending];
  }

  /** The interval a read of `holding`'s available balance must fall in now. */
  bounds(holding: Holding): { low: bigint; high: bigint } {
    let low = this.#settled.get(holdingKey(holding))?.amount ?? 0n;
    let high = low;
    const key = holdingKey(holding);
    for (const effects of this.#inFlight) {
      for (const effect of effects) {
        if (holdingKey(effect) !== key) continue;
        if (effect.delta > 0n) high += effect.delta;
        else low += effect.delta;
      }
    }
    for (const pending of this.#pending) {
      for (const credit of pending.incoming) if (holdingKey(credit) === key) high += credit.delta;
      for (const refund of pending.refunds ?? []) if (holdingKey(refund) === key) high += refund.delta;
    }
    return { low, high };
  }

  holdings(): { holding: Holding; amount: bigint }[] {
    return [...this.#settled.values()];
  }
}
