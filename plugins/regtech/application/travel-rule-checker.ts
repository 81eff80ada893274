import { inject, injectable } from 'inversify';
import { Clock, Ids, PriceFeed, SanctionsScreening, ValidationError, type Asset, type Rate, type ScreeningResult, type Tx } from '../../../kernel/public.js';
import { RegtechConfig } from '../config.js';
import { completeness, type Completeness, type PartyRole, type TravelRuleParty } from '../domain/travel-rule/ivms101.js';
import { HIGH_RISK_COUNTRIES, riskLevel, riskScore, type RiskFactor } from '../domain/travel-rule/risk.js';
import { analyseThreshold, type ThresholdAnalysis } from '../domain/travel-rule/threshold-analysis.js';
import type { AssetKind, TravelRuleJurisdiction } from '../domain/travel-rule/thresholds.js';
import { TravelRuleCheckCompleted } from '../events.js';
import { TravelRuleCheckRepository } from '../ports.js';
import type { TravelRuleCheckView } from '../travel-rule-schemas.js';

export interface TravelRuleCheckRequest {
  readonly teamId: string;
  readonly transferId: string;
  readonly originator: TravelRuleParty;
  readonly beneficiary: TravelRuleParty;
  readonly asset: Asset;
  readonly amountMinor: bigint;
  readonly assetKind: AssetKind;
  readonly jurisdiction: TravelRuleJurisdiction;
  /** Where the request named the currency and the jurisdiction, for a price the feed lacks. */
  readonly pointers: { readonly currency: string; readonly jurisdiction: string };
}

/** USD 10,000 in cents: enhanced due diligence from here on. */
const LARGE_AMOUNT_USD_CENTS = 1_000_000n;

/**
 * One travel-rule check (docs/regtech.md#travel-rule): the amount against
 * the jurisdiction's threshold at the price feed's prices, each party's
 * IVMS 101 data against what that level asks for, both parties screened
 * through the SanctionsScreening port, a risk score, and the result stored
 * with its `travel_rule.check.completed` event in the caller's unit of work.
 */
@injectable()
export class TravelRuleChecker {
  constructor(
    @inject(SanctionsScreening) private readonly screening: SanctionsScreening,
    @inject(PriceFeed) private readonly prices: PriceFeed,
    @inject(TravelRuleCheckRepository) private readonly checks: TravelRuleCheckRepository,
    @inject(RegtechConfig) private readonly config: RegtechConfig,
    @inject(Clock) private readonly clock: Clock,
    @inject(Ids) private readonly ids: Ids,
  ) {}

  /** The prices come first, outside any transaction: a currency the feed cannot price is a 422 before anything is written. */
  async price(request: Pick<TravelRuleCheckRequest, 'asset' | 'jurisdiction' | 'pointers'>): Promise<{ amount: Rate; threshold: Rate }> {
    const amount = await this.#usd(request.asset.code, request.pointers.currency, `the price feed has no USD price for ${request.asset.code}`);
    const threshold = await this.#usd(
      request.jurisdiction.currency,
      request.pointers.jurisdiction,
      `the threshold of ${request.jurisdiction.code} is in ${request.jurisdiction.currency}, which the price feed cannot price`,
    );
    return { amount, threshold };
  }

  async check(tx: Tx, request: TravelRuleCheckRequest, prices: { amount: Rate; threshold: Rate }): Promise<TravelRuleCheckView> {
    const id = this.ids.uuid();
    const now = this.clock.now();
    const threshold = analyseThreshold({ minor: request.amountMinor, precision: request.asset.precision, usd: prices.amount }, request.jurisdiction, prices.threshold);
    const full = threshold.full_identification_required;
    const originatorData = completeness(request.originator, 'originator', full);
    const beneficiaryData = completeness(request.beneficiary, 'beneficiary', full);
    const purpose = `travel_rule_check:${id}`;
    const originatorScreening = await this.screening.screen(tx, { teamId: request.teamId, party: screeningParty(request.originator), purpose });
    const beneficiaryScreening = await this.screening.screen(tx, { teamId: request.teamId, party: screeningParty(request.beneficiary), purpose });

    const issues = complianceIssues(originatorData, beneficiaryData, originatorScreening, beneficiaryScreening, request.jurisdiction);
    const factors = riskFactors(request, threshold, originatorData, beneficiaryData, originatorScreening, beneficiaryScreening);
    const score = riskScore(factors);
    const view: TravelRuleCheckView = {
      check_id: id,
      transfer_id: request.transferId,
      is_compliant: issues.length === 0,
      risk_level: riskLevel(score),
      risk_score: score,
      risk_factors: factors,
      applicable_jurisdiction: request.jurisdiction.code,
      applicable_regulations: [...request.jurisdiction.regulations[request.assetKind]],
      originator_verified: originatorData.complete,
      beneficiary_verified: beneficiaryData.complete,
      threshold_analysis: threshold,
      sanctions_screening: {
        originator_cleared: originatorScreening.cleared,
        beneficiary_cleared: beneficiaryScreening.cleared,
        screening_provider: screeningProvider(originatorScreening),
        screened_at: originatorScreening.screened_at,
        originator_screening_id: originatorScreening.screening_id,
        beneficiary_screening_id: beneficiaryScreening.screening_id,
        list_versions: originatorScreening.list_versions.map((list) => ({ source: list.source, version: list.version })),
      },
      compliance_issues: issues,
      recommendations: recommendations(request, threshold, originatorData, beneficiaryData, originatorScreening, beneficiaryScreening),
      checked_at: now.toISOString(),
      valid_until: new Date(now.getTime() + this.config.travel_rule_validity_minutes * 60_000).toISOString(),
    };
    await this.checks.insert(tx, { id, teamId: request.teamId, transferId: request.transferId, jurisdiction: request.jurisdiction.code, view, checkedAt: now });
    await tx.append([{ type: TravelRuleCheckCompleted.name, teamId: request.teamId, aggregateType: 'travel_rule_check', aggregateId: id, payload: view }]);
    return view;
  }

  async #usd(code: string, pointer: string, detail: string): Promise<Rate> {
    let usd: Rate;
    try {
      usd = (await this.prices.usdPrice(code)).usd;
    } catch {
      throw ValidationError.field(pointer, detail, 'no_price');
    }
    // A price of zero cannot convert a threshold (and would divide by zero).
    if (usd.numerator <= 0n) throw ValidationError.field(pointer, detail, 'no_price');
    return usd;
  }
}

function screeningParty(party: TravelRuleParty) {
  return {
    name: party.name,
    type: party.type === 'legal' ? ('entity' as const) : ('individual' as const),
    ...(party.date_of_birth ? { date_of_birth: party.date_of_birth } : {}),
    ...(party.address ? { country: party.address.country } : {}),
  };
}

function screeningProvider(result: ScreeningResult): string {
  const lists = result.list_versions.map((list) => `${list.source} ${list.version.slice(0, 19)}`);
  return `regtech sanctions screening (${lists.length > 0 ? lists.join(', ') : 'no list loaded'})`;
}

const ROLES: readonly PartyRole[] = ['originator', 'beneficiary'];

function complianceIssues(
  originatorData: Completeness,
  beneficiaryData: Completeness,
  originatorScreening: ScreeningResult,
  beneficiaryScreening: ScreeningResult,
  jurisdiction: TravelRuleJurisdiction,
): Array<{ code: string; description: string }> {
  const issues: Array<{ code: string; description: string }> = [];
  const data = { originator: originatorData, beneficiary: beneficiaryData };
  const screened = { originator: originatorScreening, beneficiary: beneficiaryScreening };
  for (const role of ROLES) {
    const match = screened[role].matches[0];
    if (match) {
      issues.push({
        code: `${role}_sanctions_match`,
        description: `The ${role} matches ${match.source} entry ${match.entry_id} (${match.entry_name}) with score ${match.score}.`,
      });
    }
  }
  for (const role of ROLES) {
    if (!data[role].complete) {
      issues.push({ code: `${role}_data_incomplete`, description: `The ${role}'s IVMS 101 data lacks ${data[role].missing.join('; ')} (${jurisdiction.code}: ${jurisdiction.legalSource}).` });
    }
  }
  if (originatorScreening.list_versions.length === 0) issues.push({ code: 'sanctions_lists_missing', description: 'No sanctions list is loaded: the parties could not be screened.' });
  return issues;
}

function highRiskCountries(request: TravelRuleCheckRequest): string[] {
  const countries = [request.originator.institution_country, request.beneficiary.institution_country, request.originator.address?.country, request.beneficiary.address?.country];
  return [...new Set(countries.filter((code): code is string => code !== undefined && HIGH_RISK_COUNTRIES.includes(code)))];
}

function riskFactors(
  request: TravelRuleCheckRequest,
  threshold: ThresholdAnalysis,
  originatorData: Completeness,
  beneficiaryData: Completeness,
  originatorScreening: ScreeningResult,
  beneficiaryScreening: ScreeningResult,
): RiskFactor[] {
  const factors: RiskFactor[] = [];
  if (!originatorScreening.cleared || !beneficiaryScreening.cleared) factors.push('sanctions_match');
  if (!originatorData.complete) factors.push('incomplete_party');
  if (!beneficiaryData.complete) factors.push('incomplete_party');
  for (const _country of highRiskCountries(request)) factors.push('high_risk_country');
  if (threshold.exceeds_threshold) factors.push('above_threshold');
  if (usdCents(threshold.amount_usd) >= LARGE_AMOUNT_USD_CENTS) factors.push('large_amount');
  if (request.assetKind === 'crypto') factors.push('crypto');
  const [from, to] = [request.originator.institution_country, request.beneficiary.institution_country];
  if (from !== to && from !== 'XX' && to !== 'XX') factors.push('cross_border');
  return factors;
}

function recommendations(
  request: TravelRuleCheckRequest,
  threshold: ThresholdAnalysis,
  originatorData: Completeness,
  beneficiaryData: Completeness,
  originatorScreening: ScreeningResult,
  beneficiaryScreening: ScreeningResult,
): string[] {
  const out: string[] = [];
  if (!originatorScreening.cleared || !beneficiaryScreening.cleared) {
    out.push('Do not execute the transfer: escalate the sanctions match to the compliance officer and report it as the sanctions regime requires.');
  }
  if (!originatorData.complete) out.push(`Obtain the originator's ${originatorData.missing.join('; ')} before executing the transfer.`);
  if (!beneficiaryData.complete) out.push(`Obtain the beneficiary's ${beneficiaryData.missing.join('; ')} before executing the transfer.`);
  const risky = highRiskCountries(request);
  if (risky.length > 0) out.push(`Apply enhanced due diligence: ${risky.join(', ')} is on the FATF call-for-action list.`);
  if (usdCents(threshold.amount_usd) >= LARGE_AMOUNT_USD_CENTS) out.push('Enhanced due diligence recommended for transfers of USD 10,000 or more.');
  if (request.assetKind === 'crypto' && threshold.exceeds_threshold) {
    out.push('If the beneficiary address is self-hosted, verify that the customer owns or controls it (e.g. EU TFR Art. 14(5), 16(2)).');
  }
  if (out.length === 0) out.push('No action needed; check again after valid_until if the transfer has not been sent by then.');
  return out;
}

function usdCents(decimalText: string): bigint {
  const [whole, fraction = ''] = decimalText.split('.');
  return BigInt(whole! + fraction.padEnd(2, '0').slice(0, 2));
}
