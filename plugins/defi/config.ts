import { z } from 'zod';
import { token } from '../../kernel/public.js';

/** The `pluginConfig.defi` slice. */
export const defiConfigSchema = z.object({
  quote_ttl_seconds: z.number().int().min(30).max(60).default(30).describe('How long a swap quote can be executed, in seconds (30–60: aggregators re-quote often).'),
  arbitrage_interval_ms: z.number().int().min(1_000).default(60_000).describe('Every this many milliseconds, simulated arbitrageurs close arbitrage_close_ppm of the gap between a pool\'s price and the price feed.'),
  arbitrage_close_ppm: z.number().int().min(0).max(1_000_000).default(500_000).describe('Share of the pool-to-feed price gap closed per interval, in millionths (500000: half).'),
  flash_loan_premium_bps: z.number().int().min(0).max(1_000).default(5).describe('What a flash loan costs, in basis points of the amount borrowed, paid back with it (Aave v3 charges 5).'),
  lending_warning_health_factor: z.number().min(1).max(10).default(1.1).describe('A lending account\'s health factor under this (at most 6 decimals count) emits position.liquidation_warning, once per crossing (Aave liquidates under 1).'),
  lending_health_interval_ms: z.number().int().min(1_000).default(60_000).describe('Every this many milliseconds the scheduled check (defi.lending-health) values every account\'s lending positions at the price feed now.'),
});

export type DefiConfig = z.output<typeof defiConfigSchema>;
/** The validated slice, bound by the manifest for the plugin's services. */
export const DefiConfig = token<DefiConfig>('defi.config');
