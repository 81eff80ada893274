import type { Ledger, Tx } from '../../../kernel/public.js';
import type { BookPosition } from '../domain/book.js';
import { match, type Fill, type MatchResult } from '../domain/matching.js';
import { opposite } from '../domain/order.js';
import type { ExchangeRepository } from '../ports.js';
import type { ValidOrder } from './inputs.js';

/** Resting orders the matcher reads at a time: most placements need only the first page. */
export const MATCH_PAGE_SIZE = 50;

/**
 * Matches `order` against the opposite side of its (locked) book, reading
 * only crossing orders, a page at a time in priority order, until the order
 * is filled or nothing crosses any more.
 *
 * Resting orders of accounts that are no longer active (frozen since
 * placing) are passed over: they could not be credited, and one such order
 * must not block the book for everyone. They stay in the book, untouched.
 */
export async function walkBook(repo: ExchangeRepository, ledger: Ledger, tx: Tx, teamId: string, order: ValidOrder): Promise<MatchResult> {
  const side = opposite(order.side);
  const inactive = new Set<string>();
  const checked = new Set<string>([order.accountId]);
  const fills: Fill[] = [];
  let remaining = order.amount;
  let after: BookPosition | undefined;
  for (;;) {
    const page = await repo.crossing(tx, teamId, order.pair, side, order.price, after, MATCH_PAGE_SIZE);
    let result: MatchResult;
    for (;;) {
      result = match({ side: order.side, accountId: order.accountId, price: order.price, amount: remaining }, page, order.base.precision, (maker) =>
        inactive.has(maker.accountId),
      );
      const unchecked = [...new Set(result.fills.map((fill) => fill.maker.accountId))].filter((id) => !checked.has(id));
      if (unchecked.length === 0) break;
      for (const accountId of unchecked) {
        checked.add(accountId);
        if ((await ledger.account(tx, teamId, accountId)).status !== 'active') inactive.add(accountId);
      }
    }
    fills.push(...result.fills);
    remaining = result.remaining;
    const last = page[page.length - 1];
    if (remaining === 0n || result.stoppedOnDust || page.length < MATCH_PAGE_SIZE || !last) {
      return { fills, remaining, stoppedOnDust: result.stoppedOnDust };
    }
    after = { price: last.price!, seq: last.seq };
  }
}
