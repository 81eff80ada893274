import type { CarefulClient } from './careful-client.js';
import { decimal, units } from './units.js';
import type { Violation, Worker } from './workload.js';

/**
 * The checkers run after the faults stop, on a healthy service. Each
 * returns violations; none is a test assertion, so a run reports every
 * broken invariant at once.
 */

/** Every acknowledged transfer reaches a final state within `boundMs` (the settlement worker survived the faults). */
export async function workflowsFinal(workers: readonly Worker[], boundMs: number): Promise<Violation[]> {
  const deadline = Date.now() + boundMs;
  for (;;) {
    for (const worker of workers) {
      for (const pending of worker.model.pending()) {
        const settled = await pending.settle(worker.client);
        if (settled.final) worker.model.resolve(pending, settled.effects);
      }
    }
    const left = workers.reduce((sum, worker) => sum + worker.model.pending().length, 0);
    if (left === 0) return [];
    if (Date.now() >= deadline) return [{ checker: 'workflows-final', detail: `${left} acknowledged transfers not final ${boundMs} ms after the faults stopped` }];
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * Acknowledged present, nothing applied twice: each holding's available
 * balance equals the model exactly and nothing stays reserved; each
 * acknowledged deposit and withdrawal is listed exactly once.
 */
export async function exactBalances(workers: readonly Worker[]): Promise<{ violations: Violation[]; checked: number; skipped: number }> {
  const violations: Violation[] = [];
  let checked = 0;
  let skipped = 0;
  for (const worker of workers) {
    for (const account of worker.accounts) {
      if (worker.model.ambiguous.has(account)) {
        skipped += 1;
        continue;
      }
      const answer = await worker.client.send('GET', `/api/v2/accounts/${account}/balances`);
      if (answer.status !== 200) {
        violations.push({ checker: 'acknowledged-present', detail: `account ${account} answers ${answer.status}` });
        continue;
      }
      const rows = answer.body.data.balances as any[];
      for (const { holding, amount } of worker.model.holdings()) {
        if (holding.account !== account) continue;
        checked += 1;
        const row = rows.find((balance) => balance.asset_code === holding.asset && (balance.chain ?? null) === holding.chain);
        const seen = row ? units(row.available_balance) : 0n;
        const reserved = row ? units(row.reserved_balance) : 0n;
        const where = `${account} ${holding.asset}@${holding.chain ?? '-'}`;
        if (seen < amount) violations.push({ checker: 'acknowledged-present', detail: `${where}: ${decimal(seen)} < acknowledged ${decimal(amount)}` });
        if (seen > amount) violations.push({ checker: 'applied-once', detail: `${where}: ${decimal(seen)} > acknowledged ${decimal(amount)}` });
        if (reserved !== 0n) violations.push({ checker: 'applied-once', detail: `${where}: ${decimal(reserved)} still reserved with nothing pending` });
      }
      violations.push(...(await listedOnce(worker.client, account, worker.acknowledged.get(account) ?? [])));
    }
  }
  return { violations, checked, skipped };
}

async function listedOnce(client: CarefulClient, account: string, ids: readonly string[]): Promise<Violation[]> {
  const seen = new Map<string, number>();
  for (let page = 1; ; page++) {
    const answer = await client.send('GET', `/api/v2/accounts/${account}/transactions?per_page=100&page=${page}`);
    if (answer.status !== 200) return [{ checker: 'acknowledged-present', detail: `transactions of ${account} answer ${answer.status}` }];
    for (const row of answer.body.data as any[]) seen.set(row.uuid, (seen.get(row.uuid) ?? 0) + 1);
    if ((answer.body.data as any[]).length < 100) break;
  }
  const violations: Violation[] = [];
  for (const id of ids) {
    const times = seen.get(id) ?? 0;
    if (times === 0) violations.push({ checker: 'acknowledged-present', detail: `transaction ${id} of ${account} acknowledged, not listed` });
    if (times > 1) violations.push({ checker: 'applied-once', detail: `transaction ${id} of ${account} listed ${times} times` });
  }
  return violations;
}

/** GET /api/v2/admin/ledger/audit: conservation per team, asset and chain, holds, negatives, and the chains' reconciliation. */
export async function ledgerAudit(admin: CarefulClient): Promise<{ violations: Violation[]; reconciled: number }> {
  const answer = await admin.send('GET', '/api/v2/admin/ledger/audit');
  if (answer.status !== 200) return { violations: [{ checker: 'ledger-audit', detail: `audit answers ${answer.status}` }], reconciled: 0 };
  const audit = answer.body.data;
  const violations: Violation[] = (audit.problems as string[]).map((problem) => ({ checker: 'ledger-audit', detail: problem }));
  if (!audit.ok && violations.length === 0) violations.push({ checker: 'ledger-audit', detail: 'ok: false' });
  for (const difference of audit.reconciliation?.differences ?? []) {
    violations.push({ checker: 'chain-reconciliation', detail: JSON.stringify(difference) });
  }
  return { violations, reconciled: audit.reconciliation?.checked ?? 0 };
}
