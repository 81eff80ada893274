import { parseAmountField, type Asset } from '../../../kernel/public.js';
import type { SpendingControls } from '../domain/card.js';

interface ControlsInput {
  readonly per_transaction_limit?: string | null;
  readonly daily_limit?: string | null;
  readonly allowed_categories?: readonly string[] | null;
}

/**
 * The controls a request sets, in minor units of the card's currency: a
 * limit given replaces the current one (null removes it), one left out
 * keeps `current`. Limits are positive amounts at the currency's precision
 * (422 with a pointer otherwise); categories are kept once each.
 */
export function controlsFrom(input: ControlsInput, asset: Asset, current: SpendingControls): SpendingControls {
  const limit = (value: string | null | undefined, kept: bigint | null, pointer: string) =>
    value === undefined ? kept : value === null ? null : parseAmountField(value, asset, pointer);
  return {
    perTransactionLimit: limit(input.per_transaction_limit, current.perTransactionLimit, '/per_transaction_limit'),
    dailyLimit: limit(input.daily_limit, current.dailyLimit, '/daily_limit'),
    allowedCategories:
      input.allowed_categories === undefined ? current.allowedCategories : input.allowed_categories === null ? null : [...new Set(input.allowed_categories)],
  };
}

export const NO_CONTROLS: SpendingControls = { perTransactionLimit: null, dailyLimit: null, allowedCategories: null };
