import { formatMinor, type AssetCatalog } from '../../../kernel/public.js';
import { difference, type BalanceRecord, type CustodianAccountRecord } from '../domain/custodian-account.js';
import type { CustodianAccountView, CustodianBalanceView } from '../operations.js';

/** The API's views: snake_case, ISO 8601 times, amounts as decimal strings at the asset's precision. */
export function accountView(account: CustodianAccountRecord): CustodianAccountView {
  return {
    id: account.id,
    account_id: account.accountId,
    custodian: account.custodian,
    external_id: account.externalId,
    status: account.status,
    last_synced_at: account.lastSyncedAt?.toISOString() ?? null,
    created_at: account.createdAt.toISOString(),
    updated_at: account.updatedAt.toISOString(),
  };
}

/** A holding code is the asset code, or `<asset>@<chain>` for a token on a chain other than its default. */
const assetOf = (holding: string) => holding.split('@')[0]!;

export function balanceView(balance: BalanceRecord, assets: AssetCatalog): CustodianBalanceView {
  const precision = assets.find(assetOf(balance.holding))?.precision ?? 0;
  const diff = difference(balance);
  return {
    holding: balance.holding,
    asset_code: assetOf(balance.holding),
    custodian_balance: formatMinor(balance.custodianBalance, precision),
    ledger_balance: formatMinor(balance.ledgerBalance, precision),
    difference: `${diff < 0n ? '-' : ''}${formatMinor(diff < 0n ? -diff : diff, precision)}`,
    reconciled: diff === 0n,
    synced_at: balance.syncedAt.toISOString(),
  };
}
