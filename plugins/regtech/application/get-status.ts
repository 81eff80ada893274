import { inject, injectable, optional } from 'inversify';
import { Clock, coverageRatio, formatMinor, fullyReserved, StablecoinReserves, UnitOfWork, type Operation, type RequestContext } from '../../../kernel/public.js';
import { RegtechConfig } from '../config.js';
import { SANCTIONS_SOURCES } from '../domain/sanctions-list.js';
import { MicaCheckRepository, MifirReportRepository, MonitoringRepository, SanctionsListRepository, ScreeningRepository, TravelRuleCheckRepository } from '../ports.js';
import type { RegtechStatusView } from '../status-schemas.js';
import { sanctionsListView } from './views.js';

/**
 * GET /api/v2/regtech/status: the team's compliance status, computed from
 * what is stored (docs/regtech.md#compliance-status): counts of screenings,
 * travel-rule checks, reports and MiCA checks, the sanctions lists with
 * their age, the team's e-money token reserves (from the stablecoin module's
 * StablecoinReserves, when enabled) and the issues open now.
 */
@injectable()
export class GetRegtechStatusOperation implements Operation<Record<string, never>, RegtechStatusView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(ScreeningRepository) private readonly screenings: ScreeningRepository,
    @inject(TravelRuleCheckRepository) private readonly checks: TravelRuleCheckRepository,
    @inject(MifirReportRepository) private readonly reports: MifirReportRepository,
    @inject(MicaCheckRepository) private readonly mica: MicaCheckRepository,
    @inject(SanctionsListRepository) private readonly lists: SanctionsListRepository,
    @inject(MonitoringRepository) private readonly monitoring: MonitoringRepository,
    @inject(RegtechConfig) private readonly config: RegtechConfig,
    @inject(Clock) private readonly clock: Clock,
    @inject(StablecoinReserves) @optional() private readonly stablecoins: StablecoinReserves | undefined,
  ) {}

  async execute(_input: Record<string, never>, ctx: RequestContext): Promise<RegtechStatusView> {
    const teamId = ctx.actor.teamId;
    const now = this.clock.now();
    const read = await this.uow.readOnly(async (tx) => ({
      screenings: await this.screenings.counts(tx, teamId),
      checks: await this.checks.counts(tx, teamId, now),
      reports: await this.reports.counts(tx, teamId),
      mica: await this.mica.counts(tx, teamId),
      versions: await this.lists.versions(tx),
      reviews: await this.monitoring.counts(tx, teamId),
      reserves: this.stablecoins ? await this.stablecoins.reserves(tx, teamId) : [],
    }));
    const maxAgeSeconds = this.config.list_max_age_hours * 3600;
    const lists = read.versions.map((version) => {
      const view = sanctionsListView(version, now);
      return { ...view, stale: view.age_seconds > maxAgeSeconds };
    });
    const missing = SANCTIONS_SOURCES.filter((source) => !read.versions.some((version) => version.source === source));
    const issues = [
      { code: 'sanctions_list_missing', count: missing.length, description: `Sanctions lists never loaded: ${missing.join(', ') || 'none'}.` },
      { code: 'sanctions_list_stale', count: lists.filter((list) => list.stale).length, description: `Sanctions lists loaded more than ${this.config.list_max_age_hours} hours ago: load the current files.` },
      { code: 'travel_rule_check_failed', count: read.checks.openFailures, description: 'Travel-rule checks that failed and are still valid: those transfers must not go as checked.' },
      { code: 'review_pending', count: read.reviews.pending_review, description: 'Transactions flagged by monitoring that wait in pending_review for an operator.' },
      {
        code: 'stablecoin_under_reserved',
        count: read.reserves.filter((reserve) => !fullyReserved(reserve)).length,
        description: 'E-money tokens whose reserve is below their outstanding supply at par.',
      },
      { code: 'report_rejected', count: read.reports.latestRejected, description: 'Transactions whose latest MiFIR report was rejected: send a corrected report.' },
    ].filter((issue) => issue.count > 0);
    const levels = read.checks.byRiskLevel;
    return {
      status: issues.length > 0 ? 'attention_required' : 'compliant',
      computed_at: now.toISOString(),
      open_issues: issues,
      screenings: { total: read.screenings.total, with_matches: read.screenings.withMatches },
      travel_rule_checks: {
        total: read.checks.total,
        compliant: read.checks.compliant,
        non_compliant: read.checks.total - read.checks.compliant,
        by_risk_level: { low: levels.low ?? 0, medium: levels.medium ?? 0, high: levels.high ?? 0, critical: levels.critical ?? 0 },
      },
      reports: read.reports.byStatus,
      monitoring: { flagged: Object.values(read.reviews).reduce((sum, n) => sum + n, 0), ...read.reviews },
      mica_checks: { total: read.mica.total, compliant: read.mica.compliant, non_compliant: read.mica.total - read.mica.compliant },
      stablecoin_reserves: read.reserves.map((reserve) => ({
        code: reserve.code,
        reference_asset: reserve.referenceAsset,
        outstanding_supply: formatMinor(reserve.outstandingSupply, reserve.precision),
        reserve_assets: formatMinor(reserve.reserveAssets, reserve.precision),
        coverage_ratio: coverageRatio(reserve),
        fully_reserved: fullyReserved(reserve),
      })),
      sanctions_lists: lists,
    };
  }
}
