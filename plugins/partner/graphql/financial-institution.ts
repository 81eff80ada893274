import { Arg, Args, ArgsType, Ctx, Field, ID, Int, ObjectType, Query, Resolver } from 'type-graphql';
import { DateTimeScalar, pageArgs, paginatorInfo, PaginatorInfo, type GraphqlContext } from '../../../kit/graphql.js';
import { GetOwnPartner, GetPartner, ListPartners, type PartnerView } from '../operations.js';
import { ListTenants, type TenantView } from '../operations-tenants.js';

/**
 * The financial-institution domain: partners and their onboarding (the
 * operator's list, the caller's own partner with its checklist) and a
 * partner's tenants (changes: partner-settings.ts). Onboarding and keys stay on REST, where
 * secrets are shown once and never cached by GraphQL tooling.
 */
@ObjectType('PartnerRateLimits')
export class PartnerRateLimits {
  @Field(() => Int)
  requests_per_minute!: number;
  @Field(() => Int)
  burst_limit!: number;
}

@ObjectType('PartnerKeyPrefixes')
export class PartnerKeyPrefixes {
  @Field(() => String)
  live!: string;
  @Field(() => String)
  sandbox!: string;
}

@ObjectType('PartnerOnboardingChecklist')
export class PartnerOnboardingChecklist {
  @Field(() => Boolean)
  api_key_generated!: boolean;
  @Field(() => Boolean)
  webhook_configured!: boolean;
  @Field(() => Boolean)
  sdk_generated!: boolean;
  @Field(() => Boolean)
  sandbox_tested!: boolean;
  @Field(() => String)
  compliance_review!: string;
}

@ObjectType('Partner', { description: 'A partner organisation (as GET /v2/admin/partners/{id}); metadata is left to REST.' })
export class Partner {
  @Field(() => ID)
  id!: string;
  @Field(() => String)
  organization_name!: string;
  @Field(() => String)
  contact_email!: string;
  @Field(() => String, { description: 'active, suspended or revoked.' })
  status!: string;
  @Field(() => String)
  tier!: string;
  @Field(() => ID)
  team_id!: string;
  @Field(() => ID)
  sandbox_team_id!: string;
  @Field(() => [String])
  modules_enabled!: string[];
  @Field(() => [String])
  ip_whitelist!: string[];
  @Field(() => PartnerRateLimits)
  rate_limits!: PartnerRateLimits;
  @Field(() => PartnerKeyPrefixes)
  key_prefixes!: PartnerKeyPrefixes;
  @Field(() => PartnerOnboardingChecklist)
  onboarding_checklist!: PartnerOnboardingChecklist;
  @Field(() => DateTimeScalar)
  created_at!: string;
  @Field(() => DateTimeScalar)
  updated_at!: string;
}

@ObjectType('PartnerPage')
export class PartnerPage {
  @Field(() => [Partner])
  data!: PartnerView[];
  @Field(() => PaginatorInfo)
  paginatorInfo!: PaginatorInfo;
}

@ObjectType('PartnerTenant', { description: 'A tenant of the calling partner; its key is shown only when it is provisioned (REST).' })
export class PartnerTenant {
  @Field(() => ID)
  id!: string;
  @Field(() => String)
  name!: string;
  @Field(() => String)
  plan!: string;
  @Field(() => String)
  domain!: string;
  @Field(() => String)
  status!: string;
  @Field(() => String)
  environment!: string;
  @Field(() => ID)
  team_id!: string;
  @Field(() => DateTimeScalar)
  created_at!: string;
}

@ObjectType('PartnerTenantPage')
export class PartnerTenantPage {
  @Field(() => [PartnerTenant])
  data!: TenantView[];
  @Field(() => PaginatorInfo)
  paginatorInfo!: PaginatorInfo;
}

@ArgsType()
export class PartnerPageArgs {
  @Field(() => Int, { nullable: true })
  first?: number;
  @Field(() => Int, { nullable: true })
  page?: number;
}

@Resolver()
export class FinancialInstitutionResolver {
  @Query(() => PartnerPage, { description: 'Every partner, oldest first (operator key).' })
  async partners(@Args(() => PartnerPageArgs) args: PartnerPageArgs, @Ctx() ctx: GraphqlContext): Promise<PartnerPage> {
    const page = await ctx.run(ListPartners, pageArgs(args.first, args.page));
    return { data: [...page.items], paginatorInfo: paginatorInfo(page) };
  }

  @Query(() => Partner, { description: 'One partner (operator key).' })
  partner(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphqlContext): Promise<PartnerView> {
    return ctx.run(GetPartner, { id });
  }

  @Query(() => Partner, { description: 'The calling partner with its onboarding checklist (a partner user’s key).' })
  partnerProfile(@Ctx() ctx: GraphqlContext): Promise<PartnerView> {
    return ctx.run(GetOwnPartner, {});
  }

  @Query(() => PartnerTenantPage, { description: 'The calling partner’s tenants in the environment its key selects (X-Partner-Key: the sandbox key lists the sandbox’s).' })
  async partnerTenants(@Args(() => PartnerPageArgs) args: PartnerPageArgs, @Ctx() ctx: GraphqlContext): Promise<PartnerTenantPage> {
    const page = await ctx.run(ListTenants, pageArgs(args.first, args.page));
    return { data: [...page.items], paginatorInfo: paginatorInfo(page) };
  }
}
