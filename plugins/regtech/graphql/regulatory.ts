import { Arg, Ctx, Field, ID, InputType, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import { DateTimeScalar, type GraphqlContext, type GraphqlContribution } from '../../../kit/graphql.js';
import { CheckMica, GetMifirReport, SubmitMifirReport, type MicaCheckInput, type MicaCheckView, type MifirReportInput, type MifirReportView } from '../operations.js';

/** The regulatory domain: MiFIR reports and MiCA checks, through the same operations as POST /regtech/mifid/reports and /regtech/mica/check. */
@ObjectType('Rts22Fields', { description: 'The RTS 22 fields the service fills (Commission Delegated Regulation (EU) 2017/590, Annex I Table 2).' })
export class Rts22FieldsType {
  @Field(() => String, { description: '1 NEWT or CANC' })
  report_status!: 'NEWT' | 'CANC';
  @Field(() => String, { description: '2' })
  transaction_reference_number!: string;
  @Field(() => String, { description: '4 (LEI)' })
  executing_entity_id!: string;
  @Field(() => Boolean, { description: '5' })
  investment_firm_covered!: boolean;
  @Field(() => String, { description: '6 (LEI)' })
  submitting_entity_id!: string;
  @Field(() => String, { description: '7' })
  buyer_id!: string;
  @Field(() => String, { description: '16' })
  seller_id!: string;
  @Field(() => String, { description: '28, UTC with microseconds' })
  trading_date_time!: string;
  @Field(() => String, { description: '29 DEAL, MTCH or AOTC' })
  trading_capacity!: 'DEAL' | 'MTCH' | 'AOTC';
  @Field(() => String, { description: '30' })
  quantity!: string;
  @Field(() => String, { nullable: true, description: '31' })
  quantity_currency!: string | null;
  @Field(() => String, { description: '33, or NOAP' })
  price!: string;
  @Field(() => String, { nullable: true, description: '34' })
  price_currency!: string | null;
  @Field(() => String, { description: '36' })
  venue!: string;
  @Field(() => String, { description: '41 (ISIN)' })
  instrument_id!: string;
  @Field(() => String, { description: '42' })
  instrument_full_name!: string;
  @Field(() => String, { nullable: true, description: '43 (CFI)' })
  instrument_classification!: string | null;
}

@ObjectType('AuthorityReason', { description: "A reason the competent authority gave for a rejection." })
export class AuthorityReasonType {
  @Field(() => String)
  code!: string;
  @Field(() => String)
  description!: string;
}

@ObjectType('MifirReport', { description: 'A MiFIR transaction report of the team, as it stands: submitted, then accepted or rejected by the authority.' })
export class MifirReportType {
  @Field(() => ID)
  report_id!: string;
  @Field(() => String)
  transaction_id!: string;
  @Field(() => String, { description: 'transaction or cancellation' })
  report_type!: 'transaction' | 'cancellation';
  @Field(() => String, { description: 'submitted, accepted or rejected' })
  status!: 'submitted' | 'accepted' | 'rejected';
  @Field(() => String)
  jurisdiction!: string;
  @Field(() => String)
  competent_authority!: string;
  @Field(() => String)
  authority_reference!: string;
  @Field(() => String, { nullable: true })
  cancels_report_id!: string | null;
  @Field(() => Rts22FieldsType)
  fields!: MifirReportView['fields'];
  @Field(() => [AuthorityReasonType])
  rejection_reasons!: MifirReportView['rejection_reasons'];
  @Field(() => DateTimeScalar)
  submitted_at!: string;
  @Field(() => DateTimeScalar)
  feedback_due_at!: string;
  @Field(() => DateTimeScalar, { nullable: true })
  decided_at!: string | null;
}

@InputType('SubmitMifirReportInput')
export class SubmitMifirReportInputType implements MifirReportInput {
  @Field(() => String)
  transaction_id!: string;
  @Field(() => String, { description: 'transaction or cancellation' })
  report_type!: 'transaction' | 'cancellation';
  @Field(() => String, { description: 'ISO code of the EU/EEA member state' })
  jurisdiction!: string;
  @Field(() => String, { nullable: true })
  buyer_id?: string;
  @Field(() => String, { nullable: true })
  seller_id?: string;
}

@ObjectType('MicaFinding', { description: 'One finding of a MiCA check, with the article it applies.' })
export class MicaFindingType {
  @Field(() => String)
  code!: string;
  @Field(() => String)
  article!: string;
  @Field(() => Boolean)
  passed!: boolean;
  @Field(() => String)
  detail!: string;
}

@ObjectType('MicaCheck', { description: 'A MiCA check: the title applied and its findings.' })
export class MicaCheckType {
  @Field(() => ID)
  check_id!: string;
  @Field(() => String, { description: 'art, emt or other' })
  asset_type!: 'art' | 'emt' | 'other';
  @Field(() => String)
  title!: string;
  @Field(() => String)
  issuer_id!: string;
  @Field(() => String)
  whitepaper_hash!: string;
  @Field(() => Boolean)
  compliant!: boolean;
  @Field(() => [MicaFindingType])
  findings!: MicaCheckView['findings'];
  @Field(() => DateTimeScalar)
  checked_at!: string;
}

@InputType('CheckMicaInput')
export class CheckMicaInputType implements MicaCheckInput {
  @Field(() => String, { description: 'art, emt or other' })
  asset_type!: 'art' | 'emt' | 'other';
  @Field(() => String)
  issuer_id!: string;
  @Field(() => String, { description: 'sha256: and 64 hex digits' })
  whitepaper_hash!: string;
}

@Resolver()
export class RegulatoryResolver {
  @Query(() => MifirReportType, { description: "A MiFIR report of the team; another team's is not_found." })
  mifirReport(@Ctx() ctx: GraphqlContext, @Arg('id', () => ID) id: string): Promise<MifirReportView> {
    return ctx.run(GetMifirReport, { id });
  }

  @Mutation(() => MifirReportType, { description: 'Builds, validates and submits a MiFIR report (or cancellation) of a transaction of the team.' })
  submitMifirReport(@Ctx() ctx: GraphqlContext, @Arg('input', () => SubmitMifirReportInputType) input: SubmitMifirReportInputType): Promise<MifirReportView> {
    return ctx.run(SubmitMifirReport, { ...input });
  }

  @Mutation(() => MicaCheckType, { description: "Checks an issuer's authorisation and white paper under the MiCA title of the asset type." })
  checkMica(@Ctx() ctx: GraphqlContext, @Arg('input', () => CheckMicaInputType) input: CheckMicaInputType): Promise<MicaCheckView> {
    return ctx.run(CheckMica, { ...input });
  }
}

export const regulatoryGraphql: GraphqlContribution = { domain: 'regulatory', resolvers: [RegulatoryResolver] };
