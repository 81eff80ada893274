import { inject, injectable, optional } from 'inversify';
import {
  AssetCatalog,
  BankingRecords,
  Clock,
  ConflictError,
  Ids,
  NotFoundError,
  parseAmountField,
  UnitOfWork,
  ValidationError,
  type Operation,
  type RequestContext,
  type TransferFacts,
} from '../../../kernel/public.js';
import { RegtechConfig } from '../config.js';
import { checkPartyShape, ivms101Message, type TravelRuleParty } from '../domain/travel-rule/ivms101.js';
import { TravelRuleCheckRepository, TravelRuleSubmissionRepository, type TravelRuleSubmissionRecord } from '../ports.js';
import type { TravelRuleIdParams, TravelRuleSubmissionInput, TravelRuleSubmissionView } from '../travel-rule-schemas.js';
import { requireJurisdiction } from './check-travel-rule.js';
import { TravelRuleChecker } from './travel-rule-checker.js';

/**
 * POST /api/v2/regtech/travel-rule/transfers: stores the IVMS 101 message
 * for a core-banking transfer of the caller's team (read through the
 * BankingRecords port; without core-banking every transfer is unknown), runs
 * the travel-rule check of the bank's jurisdiction on it, and answers both.
 * One submission per transfer.
 */
@injectable()
export class SubmitTravelRuleTransferOperation implements Operation<TravelRuleSubmissionInput, TravelRuleSubmissionView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
    @inject(TravelRuleChecker) private readonly checker: TravelRuleChecker,
    @inject(TravelRuleSubmissionRepository) private readonly submissions: TravelRuleSubmissionRepository,
    @inject(RegtechConfig) private readonly config: RegtechConfig,
    @inject(Clock) private readonly clock: Clock,
    @inject(Ids) private readonly ids: Ids,
    @inject(BankingRecords) @optional() private readonly records: BankingRecords | undefined,
  ) {}

  async execute(input: TravelRuleSubmissionInput, ctx: RequestContext): Promise<TravelRuleSubmissionView> {
    const teamId = ctx.actor.teamId;
    const { transfer, existing } = await this.uow.readOnly(async (tx) => ({
      transfer: await this.records?.transfer(tx, teamId, input.transfer_id),
      existing: await this.submissions.findByTransfer(tx, teamId, input.transfer_id),
    }));
    if (!transfer) throw new NotFoundError('transfer', input.transfer_id, { pointer: '/transfer_id' });
    if (existing) throw alreadySubmitted(existing);
    const asset = this.#matchTransfer(input, transfer);
    const { originator, beneficiary } = this.#parties(input, transfer);
    checkPartyShape(originator, '/originator');
    const jurisdiction = requireJurisdiction(this.config.travel_rule_jurisdiction, '/jurisdiction');
    const request = {
      teamId,
      transferId: transfer.id,
      originator,
      beneficiary,
      asset,
      amountMinor: transfer.amount,
      assetKind: asset.type === 'crypto' ? ('crypto' as const) : ('fiat' as const),
      jurisdiction,
      pointers: { currency: '/currency', jurisdiction: '/transfer_id' },
    };
    const prices = await this.checker.price(request);
    const ivms101 = ivms101Message(originator, beneficiary);
    return this.uow.run(async (tx) => {
      const result = await this.checker.check(tx, request, prices);
      const record: TravelRuleSubmissionRecord = { id: this.ids.uuid(), teamId, transferId: transfer.id, checkId: result.check_id, jurisdiction: jurisdiction.code, ivms101, submittedAt: this.clock.now() };
      // A concurrent submission of the same transfer won the unique key: this one rolls back whole, its check included.
      if (!(await this.submissions.insert(tx, record))) throw alreadySubmitted(record);
      return { submission_id: record.id, transfer_id: record.transferId, jurisdiction: record.jurisdiction, ivms101, result, submitted_at: record.submittedAt.toISOString() };
    });
  }

  /** The body must describe the transfer as booked: its asset, amount and sending account. */
  #matchTransfer(input: TravelRuleSubmissionInput, transfer: TransferFacts) {
    const asset = this.assets.require(input.currency, '/currency');
    if (asset.code !== transfer.assetCode) throw ValidationError.field('/currency', `the transfer is in ${transfer.assetCode}`, 'transfer_mismatch');
    if (parseAmountField(input.amount, asset, '/amount') !== transfer.amount) throw ValidationError.field('/amount', "must be the transfer's amount", 'transfer_mismatch');
    if (input.originator.account !== transfer.fromAccount) throw ValidationError.field('/originator/account', "must be the transfer's sending account", 'transfer_mismatch');
    return asset;
  }

  /** The bank is the originating institution; the sending account identifies its customer (IVMS 101 customerIdentification). */
  #parties(input: TravelRuleSubmissionInput, transfer: TransferFacts): { originator: TravelRuleParty; beneficiary: TravelRuleParty } {
    const { account, ...identification } = input.originator;
    return {
      originator: {
        ...identification,
        account_number: account,
        institution_name: this.config.institution_name,
        institution_country: this.config.institution_country,
        customer_identification: identification.customer_identification ?? account,
      },
      beneficiary: {
        name: input.beneficiary.name,
        account_number: input.beneficiary.account ?? transfer.toAccount,
        institution_name: input.beneficiary.vasp_id,
        institution_country: input.beneficiary.vasp_country ?? 'XX',
      },
    };
  }
}

function alreadySubmitted(existing: TravelRuleSubmissionRecord): ConflictError {
  return new ConflictError(`Transfer ${existing.transferId} already has a travel-rule submission (${existing.id}).`, 'travel_rule_already_submitted');
}

/** GET /api/v2/regtech/travel-rule/transfers/{id}: a submission of the caller's team with its check. */
@injectable()
export class GetTravelRuleSubmissionOperation implements Operation<TravelRuleIdParams, TravelRuleSubmissionView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(TravelRuleSubmissionRepository) private readonly submissions: TravelRuleSubmissionRepository,
    @inject(TravelRuleCheckRepository) private readonly checks: TravelRuleCheckRepository,
  ) {}

  async execute(input: TravelRuleIdParams, ctx: RequestContext): Promise<TravelRuleSubmissionView> {
    const found = await this.uow.readOnly(async (tx) => {
      const submission = await this.submissions.find(tx, ctx.actor.teamId, input.id);
      return submission && { submission, check: await this.checks.find(tx, ctx.actor.teamId, submission.checkId) };
    });
    if (!found?.check) throw new NotFoundError('travel-rule submission', input.id);
    const { submission, check } = found;
    return {
      submission_id: submission.id,
      transfer_id: submission.transferId,
      jurisdiction: submission.jurisdiction,
      ivms101: submission.ivms101,
      result: check.view,
      submitted_at: submission.submittedAt.toISOString(),
    };
  }
}
