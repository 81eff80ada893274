import { z } from 'zod';
import { eventType } from '../../kernel/public.js';

/**
 * The DeFi module's position events (docs/defi.md, Lending). Amounts are
 * decimal strings at the token's decimals; health factors have 6 decimals.
 */
export const positionPayload = z.object({
  position_id: z.string(),
  type: z.enum(['lending_supply', 'lending_borrow', 'staking', 'yield_farming', 'liquidity_pool']),
  account_id: z.string(),
  chain: z.string(),
  token: z.string(),
  /** The principal supplied, borrowed or staked; a liquidity position's LP shares (an integer). */
  amount: z.string(),
  /** Liquidity positions only: the pool, and what was paid in (opened) or out (closed) per token. */
  pool_id: z.string().optional(),
  amounts: z.array(z.object({ token: z.string(), amount: z.string() })).optional(),
  /** When closed: the principal plus interest paid out (supply) or repaid (borrow); the principal returned (staking). */
  settled_amount: z.string().nullable(),
  /** When closed: the interest in it (lending), or null. */
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

export const harvestPayload = z.object({
  position_id: z.string(),
  type: z.enum(['staking', 'yield_farming']),
  account_id: z.string(),
  chain: z.string(),
  program: z.string(),
  reward_token: z.string(),
  amount: z.string(),
  rewards_from: z.string(),
  harvested_at: z.string(),
});

const defi = { version: 1, group: 'DeFi', webhook: true } as const;

export const defiEvents = [
  eventType({ ...defi, name: 'position.opened', payload: positionPayload, description: 'A position opened: tokens supplied to the lending market, borrowed from it, staked in a staking or farming program, or added to a DEX pool.', emittedBy: 'supplyLending, borrowLending, stake, POST /defi/liquidity' }),
  eventType({ ...defi, name: 'position.closed', payload: positionPayload, description: 'A position closed whole: a supply withdrawn with its interest, a borrow repaid with its interest, a stake returned (its last rewards harvested first), or liquidity removed from a pool.', emittedBy: 'closeLendingPosition, unstake, POST /defi/liquidity/{id}/remove' }),
  eventType({
    ...defi,
    name: 'position.liquidation_warning',
    payload: liquidationWarningPayload,
    description: 'An account\'s health factor on a chain fell under lending_warning_health_factor as prices moved; once per crossing (again only after it stood above the threshold).',
    emittedBy: 'the defi.lending-health scheduled check',
  }),
  eventType({ ...defi, name: 'yield.harvested', payload: harvestPayload, description: 'A staking or farming position\'s rewards since it opened or was last harvested were paid by the program to its account.', emittedBy: 'harvest, unstake' }),
];
