import { AssetCatalog, ValidationError, type Asset, type Tx } from '../../../kernel/public.js';
import type { Iso20022Config } from '../config.js';
import type { Institution } from '../domain/institution.js';
import type { MessageRecord } from '../domain/message.js';
import { MessageIssued } from '../events.js';
import type { MessageRepository } from '../ports.js';
import { messageSummaryView } from './views.js';

/** Stores a new message (or meets the one a racing export stored) and emits its event only when this call issued it. */
export async function issueOnce(tx: Tx, messages: MessageRepository, record: MessageRecord): Promise<MessageRecord> {
  const stored = await messages.issue(tx, record);
  if (stored.id === record.id) {
    await tx.append([{ type: MessageIssued.name, teamId: record.teamId, aggregateType: 'iso20022_message', aggregateId: record.id, payload: messageSummaryView(record) }]);
  }
  return stored;
}

/**
 * The asset a message may carry: a fiat asset with an ISO 4217 code and at
 * most the 5 decimals ISO 20022 amounts allow. Crypto and baskets have no
 * currency code in ISO 20022, so they are refused rather than written with a
 * code a receiver's schema rejects.
 */
export function isoCurrency(catalog: AssetCatalog, code: string, pointer: string): Asset {
  const asset = catalog.require(code, pointer);
  if (asset.type !== 'fiat' || !/^[A-Z]{3}$/.test(asset.code) || asset.precision > 5) {
    throw ValidationError.field(pointer, `${asset.code} is not an ISO 4217 currency; ISO 20022 messages carry fiat currencies only.`, 'not_iso_currency');
  }
  return asset;
}

export function institutionOf(config: Iso20022Config): Institution {
  return { name: config.institution_name, id: config.institution_id, bic: config.bic ?? null };
}
