import { createHash } from 'node:crypto';

/**
 * The simulated custodian's model: between two syncs, business happens at
 * the custodian that the bank has not booked yet. At sync number n, each
 * holding (in holding order) draws from sha256(`<externalId>:<n>:<holding>`):
 * the first byte mod 4 is 0 or 1: nothing; 2: a deposit; 3: a withdrawal,
 * of 1 + (the next four bytes as an integer) mod max(1, balance ÷ 100)
 * minor units (up to 1 % of the balance), a withdrawal never more than the
 * balance. Seeded by the account and the sync number only, so the same
 * state always drifts the same way, after a restart too.
 */
export function drift(externalId: string, syncNumber: number, balances: ReadonlyMap<string, bigint>): Map<string, bigint> {
  const next = new Map<string, bigint>();
  for (const holding of [...balances.keys()].sort()) {
    const balance = balances.get(holding)!;
    const digest = createHash('sha256').update(`${externalId}:${syncNumber}:${holding}`).digest();
    const kind = digest[0]! % 4;
    const cap = balance / 100n > 1n ? balance / 100n : 1n;
    const amount = 1n + (BigInt(digest.readUInt32BE(1)) % cap);
    if (kind === 2) next.set(holding, balance + amount);
    else if (kind === 3) next.set(holding, balance - (amount > balance ? balance : amount));
    else next.set(holding, balance);
  }
  return next;
}
