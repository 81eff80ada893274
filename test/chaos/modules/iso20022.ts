import { refusedOrThrow, type ChaosModule, type OperationContext, type OperationResult } from '../registry.js';

/**
 * ISO 20022 pacs.008 exports (docs/iso20022.md). A pacs.008 here is a
 * document the service writes of a transfer that already settled in its
 * own books (SttlmMtd INDA): it books nothing, it reads core banking's
 * records and stores the message. So `pacs008-export` exports one of the
 * account's transfers (the core-banking workload's, listed newest first)
 * and its effect is none; the exact checks hold it to that under every
 * fault. The transfers listed give the refusal paths at random: one still
 * pending is 422 transfer_not_settled, one of USDC is 422
 * not_iso_currency. Exporting the same transfer again must answer the
 * same message (the message id is issued once), which the operation checks.
 */
const issued = new Map<string, string>();

async function exportPacs008(context: OperationContext): Promise<OperationResult> {
  const account = context.random.pick(context.accounts);
  const list = await context.client.send('GET', `/api/v2/accounts/${account}/transfers?per_page=10`);
  if (list.status !== 200) throw new Error(`listing the transfers of ${account}: ${list.status} ${JSON.stringify(list.body).slice(0, 300)}`);
  const transfers = list.body.data as { uuid: string }[];
  // Before the team's first transfer, one nobody made: 404.
  const transfer = transfers.length > 0 ? context.random.pick(transfers).uuid : '00000000-0000-4000-8000-000000000000';
  const answer = await context.client.send('POST', '/api/v2/iso20022/pacs008', { transfer_id: transfer }, context.idempotencyKey());
  // A transfer the team's own listing shows is the team's: a 404 for it is the service's error, not a refusal.
  if (answer.status === 404 && transfers.length > 0) throw new Error(`transfer ${transfer} of ${account}'s listing answers 404: ${JSON.stringify(answer.body).slice(0, 300)}`);
  if (answer.status !== 200 && answer.status !== 201) return refusedOrThrow(answer);
  const message = answer.body.data as { id: string; message_id: string; transfer_id: string; type: string };
  if (message.transfer_id !== transfer || message.type !== 'pacs.008') throw new Error(`exporting transfer ${transfer} answered ${JSON.stringify(message).slice(0, 300)}`);
  const before = issued.get(transfer);
  if (before !== undefined && before !== message.message_id) throw new Error(`transfer ${transfer} exported as ${before}, then as ${message.message_id}`);
  issued.set(transfer, message.message_id);
  return { outcome: 'acknowledged', id: message.id, effects: [] };
}

export const iso20022: ChaosModule = {
  name: 'iso20022',
  modules: ['iso20022'],
  operations: [{ name: 'pacs008-export', weight: 1, run: exportPacs008 }],
};
