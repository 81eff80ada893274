import { z } from 'zod';
import { timestamp } from '../../kernel/public.js';

/** The schema of GET /regtech/status (re-exported by operations.ts). */
const count = z.number().int();

export const RegtechStatusView = z
  .strictObject({
    status: z.enum(['compliant', 'attention_required']).describe('attention_required while any open issue counts more than 0'),
    computed_at: timestamp,
    open_issues: z.array(z.strictObject({ code: z.string(), count, description: z.string() })).describe('Only the issues that are open now'),
    screenings: z.strictObject({ total: count, with_matches: count }),
    travel_rule_checks: z.strictObject({
      total: count,
      compliant: count,
      non_compliant: count,
      by_risk_level: z.strictObject({ low: count, medium: count, high: count, critical: count }),
    }),
    reports: z.strictObject({ submitted: count, accepted: count, rejected: count }),
    monitoring: z.strictObject({ flagged: count, clear: count, pending_review: count, cleared: count, rejected: count }).describe('Transactions monitoring flagged, by review status'),
    mica_checks: z.strictObject({ total: count, compliant: count, non_compliant: count }),
    stablecoin_reserves: z
      .array(
        z.strictObject({
          code: z.string(),
          reference_asset: z.string(),
          outstanding_supply: z.string(),
          reserve_assets: z.string(),
          coverage_ratio: z.string().nullable(),
          fully_reserved: z.boolean(),
        }),
      )
      .describe("The team's e-money tokens and the reserve behind them (MiCA), from the stablecoin module; empty without it"),
    sanctions_lists: z.array(
      z.strictObject({ source: z.string(), version: z.string(), published_at: z.string().nullable(), loaded_at: timestamp, entries: count, age_seconds: count, stale: z.boolean() }),
    ),
  })
  .meta({
    id: 'RegtechStatus',
    example: {
      status: 'attention_required',
      computed_at: '2026-11-25T06:00:00.000Z',
      open_issues: [{ code: 'report_rejected', count: 1, description: 'Transactions whose latest MiFIR report was rejected: send a corrected report.' }],
      screenings: { total: 42, with_matches: 2 },
      travel_rule_checks: { total: 12, compliant: 11, non_compliant: 1, by_risk_level: { low: 10, medium: 1, high: 0, critical: 1 } },
      reports: { submitted: 1, accepted: 5, rejected: 1 },
      monitoring: { flagged: 4, clear: 2, pending_review: 0, cleared: 1, rejected: 1 },
      mica_checks: { total: 3, compliant: 2, non_compliant: 1 },
      stablecoin_reserves: [{ code: 'USDB', reference_asset: 'USD', outstanding_supply: '1500.00', reserve_assets: '1500.00', coverage_ratio: '1.000000', fully_reserved: true }],
      sanctions_lists: [
        { source: 'ofac_sdn', version: 'sha256:5f0c6a8e3b1d4c7f9a2e6b8d0c1f3a5e7b9d2c4f6a8e0b1d3c5f7a9e2b4d6c8f', published_at: null, loaded_at: '2026-11-25T04:00:00.000Z', entries: 15123, age_seconds: 7200, stale: false },
      ],
    },
  });
export type RegtechStatusView = z.infer<typeof RegtechStatusView>;
