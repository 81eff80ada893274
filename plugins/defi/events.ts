import { z } from 'zod';
import { eventType } from '../../kernel/public.js';

/**
 * The DeFi module's position events (docs/defi.md, Lending). Amounts are
 * decimal strings at the token's decimals; health factors have 6 decimals.
 */
export const positionPayload = z.object({
  position_id: z.string(),
  type: z.enum(['lending_supply', 'lending_borrow']),
  account_id: z.string(),
  chain: z.string(),
  token: z.string(),
  /** The principal supplied or borrowed. */
  amount: z.string(),
  /** When closed: the principal plus interest paid out (supply) or repaid (borrow). */
  settled_amount: z.string().nullable(),
  /** When closed: the interest in it. */
  interest: z.string().nullable(),
  opened_at: z.string(),
  closed_at: z.string().nullable(),
});

export const liquidationWarningPayload = z.object({
  account_id: z.string(),
  chain: z.string(),
  health_factor: z.string(),
  threshold: z.string(),
  borrow_position_ids: z.array(z.string()),
  checked_at: z.string(),
});

const defi = { version: 1, group: 'DeFi', webhook: true } as const;

export const defiEvents = [
  eventType({ ...defi, name: 'position.opened', payload: positionPayload, description: 'A lending position opened: tokens supplied to the lending market, or borrowed from it.', emittedBy: 'supplyLending, borrowLending' }),
  eventType({ ...defi, name: 'position.closed', payload: positionPayload, description: 'A lending position closed whole: a supply withdrawn with its interest, or a borrow repaid with its interest.', emittedBy: 'closeLendingPosition' }),
  eventType({
    ...defi,
    name: 'position.liquidation_warning',
    payload: liquidationWarningPayload,
    description: 'An account\'s health factor on a chain fell under lending_warning_health_factor as prices moved; once per crossing (again only after it stood above the threshold).',
    emittedBy: 'the defi.lending-health scheduled check',
  }),
];
