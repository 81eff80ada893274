import type { JsonClient } from './http-client.js';

/**
 * The service's own ledger audit (GET /api/v2/admin/ledger/audit, operator
 * key) after a bench run: every movement balanced, every balance row equal
 * to its entries, reserved equal to active holds, nothing negative, and per
 * team and asset the customers' and system accounts' totals equal to
 * deposits less withdrawals. Speed that broke one of these would not count:
 * a bench prints "ok" or the problems, and exits non-zero on problems.
 */
export async function auditLedger(operator: JsonClient): Promise<string> {
  const answer = await operator.send('GET', '/api/v2/admin/ledger/audit');
  if (answer.status !== 200) return `FAILED: the audit answered ${answer.status}`;
  const audit = answer.body.data as { ok: boolean; problems: string[] };
  if (audit.ok) return 'ok';
  process.exitCode = 1;
  return `FAILED: ${audit.problems.slice(0, 5).join('; ')}${audit.problems.length > 5 ? ` (and ${audit.problems.length - 5} more)` : ''}`;
}
