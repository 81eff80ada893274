import { formatMinor, type AssetCatalog } from '../../../kernel/public.js';
import type { PaymentIntentRecord } from '../domain/payment-intent.js';
import type { PaymentIntentView } from '../operations.js';

export function paymentIntentView(intent: PaymentIntentRecord, assets: AssetCatalog): PaymentIntentView {
  const precision = assets.find(intent.currency)?.precision ?? 2;
  return {
    id: intent.id,
    amount: formatMinor(intent.amount, precision),
    currency: intent.currency,
    recipient: intent.recipient,
    recipient_type: intent.recipientKind,
    description: intent.description,
    status: intent.status,
    from_account: intent.accountId,
    failure_reason: intent.failureReason,
    expires_at: intent.expiresAt.toISOString(),
    completed_at: intent.completedAt?.toISOString() ?? null,
    created_at: intent.createdAt.toISOString(),
    updated_at: intent.updatedAt.toISOString(),
  };
}
