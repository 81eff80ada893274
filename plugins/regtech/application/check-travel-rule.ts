import { inject, injectable } from 'inversify';
import { AssetCatalog, NotFoundError, parseAmountField, UnitOfWork, ValidationError, type Asset, type Operation, type RequestContext } from '../../../kernel/public.js';
import { checkPartyShape } from '../domain/travel-rule/ivms101.js';
import { travelRuleJurisdiction, TRAVEL_RULE_JURISDICTION_CODES, type AssetKind, type TravelRuleJurisdiction } from '../domain/travel-rule/thresholds.js';
import { TravelRuleCheckRepository } from '../ports.js';
import type { TravelRuleCheckInput, TravelRuleCheckView, TravelRuleIdParams } from '../travel-rule-schemas.js';
import { TravelRuleChecker } from './travel-rule-checker.js';

/** POST /api/v1/regtech/travel-rule/check: checks a transfer's travel-rule data for the caller's team and records the check. */
@injectable()
export class CheckTravelRuleOperation implements Operation<TravelRuleCheckInput, TravelRuleCheckView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
    @inject(TravelRuleChecker) private readonly checker: TravelRuleChecker,
  ) {}

  async execute(input: TravelRuleCheckInput, ctx: RequestContext): Promise<TravelRuleCheckView> {
    const jurisdiction = requireJurisdiction(input.jurisdiction, '/jurisdiction');
    const asset = this.assets.require(input.transfer_details.currency, '/transfer_details/currency');
    checkAssetKind(asset, input.transfer_details.asset_type, '/transfer_details/asset_type');
    const amountMinor = parseAmountField(input.transfer_details.amount, asset, '/transfer_details/amount');
    checkPartyShape(input.originator, '/originator');
    checkPartyShape(input.beneficiary, '/beneficiary');
    const request = {
      teamId: ctx.actor.teamId,
      transferId: input.transfer_id,
      originator: input.originator,
      beneficiary: input.beneficiary,
      asset,
      amountMinor,
      assetKind: input.transfer_details.asset_type,
      jurisdiction,
      pointers: { currency: '/transfer_details/currency', jurisdiction: '/jurisdiction' },
    };
    const prices = await this.checker.price(request);
    return this.uow.run((tx) => this.checker.check(tx, request, prices));
  }
}

/** GET /api/v1/regtech/travel-rule/checks/{id}: a check of the caller's team, as answered. */
@injectable()
export class GetTravelRuleCheckOperation implements Operation<TravelRuleIdParams, TravelRuleCheckView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(TravelRuleCheckRepository) private readonly checks: TravelRuleCheckRepository,
  ) {}

  async execute(input: TravelRuleIdParams, ctx: RequestContext): Promise<TravelRuleCheckView> {
    const check = await this.uow.readOnly((tx) => this.checks.find(tx, ctx.actor.teamId, input.id));
    if (!check) throw new NotFoundError('travel-rule check', input.id);
    return check.view;
  }
}

export function requireJurisdiction(code: string, pointer: string): TravelRuleJurisdiction {
  const jurisdiction = travelRuleJurisdiction(code);
  if (!jurisdiction) throw ValidationError.field(pointer, `unknown jurisdiction '${code}': one of ${TRAVEL_RULE_JURISDICTION_CODES.join(', ')} (GB is UK)`, 'unknown_jurisdiction');
  return jurisdiction;
}

/** A crypto-asset sent as fiat, or fiat sent as crypto, is a contradiction in the request. */
function checkAssetKind(asset: Asset, kind: AssetKind, pointer: string): void {
  if (asset.type === 'crypto' && kind !== 'crypto') throw ValidationError.field(pointer, `${asset.code} is a crypto-asset: asset_type must be crypto`);
  if (asset.type === 'fiat' && kind !== 'fiat') throw ValidationError.field(pointer, `${asset.code} is a fiat currency: asset_type must be fiat`);
}
