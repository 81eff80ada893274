/**
 * Spending limits of the buying side (POST /x402/pay), in whole US cents:
 * a team's, and each registered agent's (an API key or a mobile session,
 * by its id). A null field is no cap on that dimension; a team without a
 * limits record pays nothing (set limits first). Spending is counted per
 * UTC day and per UTC month, in cents rounded up from the token amount,
 * so a limit is never undercounted.
 */
export interface SpendingLimit {
  readonly teamId: string;
  /** `team`, or `agent:<api key id>`. */
  readonly subject: string;
  /** The agent's name; empty for the team. */
  readonly name: string;
  readonly dailyCents: bigint | null;
  readonly monthlyCents: bigint | null;
  readonly perRequestCents: bigint | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

export const TEAM_SUBJECT = 'team';
export const agentSubject = (apiKeyId: string) => `agent:${apiKeyId}`;
export const agentKeyOf = (subject: string) => subject.slice('agent:'.length);

/** The spending windows a payment counts in: its UTC day and UTC month. */
export function periodsOf(at: Date): { day: string; month: string } {
  const iso = at.toISOString();
  return { day: `day:${iso.slice(0, 10)}`, month: `month:${iso.slice(0, 7)}` };
}

/** One budget a payment must fit: a (subject, period) counter and its cap (null: none). */
export interface Budget {
  readonly subject: string;
  readonly period: string;
  readonly capCents: bigint | null;
}

/** The budgets a payment of a subject's limits counts against, in a fixed order (the SQL row locks follow it). */
export function budgetsOf(limit: SpendingLimit, at: Date): Budget[] {
  const { day, month } = periodsOf(at);
  return [
    { subject: limit.subject, period: day, capCents: limit.dailyCents },
    { subject: limit.subject, period: month, capCents: limit.monthlyCents },
  ];
}

/** US cents as the API's decimal string, "12.30"; null stays null. */
export function centsToUsd(cents: bigint | null): string | null {
  if (cents === null) return null;
  return `${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`;
}

/** A decimal USD string with at most two decimals as cents (the schema has checked the form). */
export function usdToCents(usd: string): bigint {
  const [whole, fraction = ''] = usd.split('.');
  return BigInt(whole!) * 100n + BigInt(fraction.padEnd(2, '0'));
}
