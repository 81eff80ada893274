import { formatMinor, type JournalMovement, type JournalPosting, type TrialBalanceSection } from '../../../kernel/public.js';
import type { MovementView, PostingView, TrialBalanceView } from '../operations.js';

/** The API's views of the journal: decimal strings at the asset's precision, ISO 8601 times. */
export function postingView(posting: JournalPosting): PostingView {
  return {
    movement_id: posting.movementId,
    seq: posting.seq,
    account_id: posting.accountId,
    asset_code: posting.assetCode,
    chain: posting.chain,
    amount: formatMinor(posting.amount, posting.precision),
    kind: posting.kind,
    reference: posting.reference,
    created_at: posting.createdAt.toISOString(),
  };
}

export function movementView(movement: JournalMovement): MovementView {
  return {
    id: movement.id,
    kind: movement.kind,
    reference: movement.reference,
    created_at: movement.createdAt.toISOString(),
    postings: movement.postings.map(postingView),
  };
}

export function trialBalanceView(sections: readonly TrialBalanceSection[], asOf: Date): TrialBalanceView {
  const holdings = sections.map((section) => {
    const money = (amount: bigint) => formatMinor(amount, section.precision);
    return {
      asset_code: section.assetCode,
      chain: section.chain,
      debits: money(section.debits),
      credits: money(section.credits),
      balanced: section.debits === section.credits,
      lines: section.lines.map((line) => ({
        account: line.account,
        accounts: line.accounts,
        debits: money(line.debits),
        credits: money(line.credits),
        balance: money(line.credits - line.debits),
      })),
    };
  });
  return { as_of: asOf.toISOString(), balanced: holdings.every((holding) => holding.balanced), holdings };
}
