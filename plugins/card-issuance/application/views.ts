import { formatMinor, type AssetCatalog } from '../../../kernel/public.js';
import type { AuthorizationRecord } from '../domain/authorization.js';
import type { CardholderRecord, CardRecord } from '../domain/card.js';
import type { AuthorizationView, CardholderView, CardView } from '../operations.js';

/** The API's views: snake_case, ISO 8601 times, amounts as decimal strings at the currency's precision. Never the PAN. */
export function cardholderView(cardholder: CardholderRecord): CardholderView {
  return { id: cardholder.id, name: cardholder.name, email: cardholder.email, created_at: cardholder.createdAt.toISOString() };
}

const money = (assets: AssetCatalog, code: string) => {
  const precision = assets.find(code)?.precision ?? 0;
  return (minor: bigint) => formatMinor(minor, precision);
};

export function cardView(card: CardRecord, assets: AssetCatalog): CardView {
  const format = money(assets, card.currency);
  return {
    id: card.id,
    cardholder_id: card.cardholderId,
    account_id: card.accountId,
    currency: card.currency,
    last4: card.last4,
    exp_month: card.expMonth,
    exp_year: card.expYear,
    status: card.status,
    per_transaction_limit: card.perTransactionLimit === null ? null : format(card.perTransactionLimit),
    daily_limit: card.dailyLimit === null ? null : format(card.dailyLimit),
    allowed_categories: card.allowedCategories ? [...card.allowedCategories] : null,
    created_at: card.createdAt.toISOString(),
    updated_at: card.updatedAt.toISOString(),
  };
}

export function authorizationView(authorization: AuthorizationRecord, assets: AssetCatalog): AuthorizationView {
  const format = money(assets, authorization.currency);
  return {
    id: authorization.id,
    card_id: authorization.cardId,
    amount: format(authorization.amount),
    currency: authorization.currency,
    merchant_name: authorization.merchantName,
    merchant_category: authorization.merchantCategory,
    status: authorization.status,
    decline_reason: authorization.declineReason,
    captured_amount: format(authorization.capturedAmount),
    released_amount: format(authorization.releasedAmount),
    created_at: authorization.createdAt.toISOString(),
    updated_at: authorization.updatedAt.toISOString(),
  };
}
