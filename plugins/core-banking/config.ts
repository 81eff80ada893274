import { z } from 'zod';
import { token } from '../../kernel/public.js';
import { DEFAULT_ACCOUNT_TYPES } from './domain/account.js';

const decimalText = z.string().regex(/^(0|[1-9]\d*)(\.\d+)?$/, 'a decimal string such as "0.50"');

/** A per-asset fee rule: basis points, and optional bounds in the asset's own units. */
const assetFeeRule = z.strictObject({
  bps: z.number().int().min(0).max(10_000),
  min: decimalText.optional().describe('Decimal string at the asset\'s precision; default one minor unit when bps > 0, else 0.'),
  max: decimalText.optional().describe('Decimal string at the asset\'s precision; default no cap.'),
});

/**
 * The `pluginConfig.core-banking` config slice.
 *
 * Fees: a transfer pays `bps` basis points of its amount (rounded half-up to
 * the asset's minor unit), at least `min` and at most `max`, charged to the
 * sender on top of the amount and booked to the system account system:fees.
 * `default` applies to every asset without its own rule; its minimum is a
 * count of minor units because a decimal minimum means different things for
 * JPY and ETH. Per-asset rules give bounds as decimal strings of that asset.
 */
export const coreBankingConfigSchema = z.strictObject({
  fees: z
    .strictObject({
      default: z
        .strictObject({
          bps: z.number().int().min(0).max(10_000).default(10).describe('Fee in basis points of the amount for every asset without its own rule.'),
          min_minor_units: z.number().int().min(0).optional().describe('Minimum fee in minor units of whatever asset is sent (default 1 when bps > 0).'),
        })
        .prefault({}),
      assets: z.record(z.string().regex(/^[A-Z][A-Z0-9]{1,11}$/), assetFeeRule).default({}).describe('Per-asset rules by asset code: { bps, min?, max? }, bounds as decimal strings of that asset.'),
    })
    .prefault({}),
  settlement_delay_ms: z.number().int().min(0).max(7 * 86_400_000).default(2_000).describe('A transfer settles this long after creation (the hold is visible meanwhile).'),
  transfer_timeout_ms: z.number().int().min(1_000).default(86_400_000).describe('Deadline of the settlement workflow; past it the hold is released and the transfer expires.'),
  account_types: z.array(z.string().regex(/^[a-z][a-z0-9_]{0,31}$/)).min(1).default([...DEFAULT_ACCOUNT_TYPES]).describe('Allowed values of an account\'s `type`.'),
});

export type CoreBankingConfig = z.output<typeof coreBankingConfigSchema>;
export const CoreBankingConfig = token<CoreBankingConfig>('core-banking.config');
