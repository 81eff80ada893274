import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { z } from 'zod';
import { ValidationError } from '../../../kernel/public.js';
import { graphqlInputType, graphqlObjectType, type GraphqlContext } from '../../../kit/graphql.js';
import { ReactivatePartner, RevokePartner, SuspendPartner, type PartnerView } from '../operations.js';
import { GenerateSdk, generateSdkInput, GenerateSdkV1, generateSdkV1Input, generatedSdkView, sdkGenerationView, type GenerateSdkInput, type GenerateSdkV1Input, type GeneratedSdkView, type SdkGenerationView } from '../operations-sdk.js';
import { GetWhitelabel, PutWhitelabel, putWhitelabelInput, whitelabelView, type PutWhitelabelInput, type WhitelabelView } from '../operations-whitelabel.js';
import { Partner } from './financial-institution.js';

/**
 * What a partner changes over GraphQL besides reading (financial-institution
 * domain): its white-label look, SDK generation, and the operator's status
 * changes. The same operations as the REST routes, so the same checks;
 * onboarding, key rotation and tenant provisioning answer keys shown once and
 * stay on REST (docs/graphql.md). Types derive from the operations' zod
 * schemas; white-label features are a map in REST, which GraphQL cannot
 * carry, so here they are a list of {name, enabled} pairs (the same content).
 */
const feature = z.object({ name: z.string().describe('A module of the partner (core-banking, webhooks, …).'), enabled: z.boolean() });
const whitelabelGraphqlView = whitelabelView.omit({ features: true }).extend({ features: z.array(feature).describe('Every module of the partner with whether its tenants may use it.') });
const whitelabelGraphqlInput = putWhitelabelInput.omit({ features: true }).extend({
  features: z.array(feature).max(100).optional().describe('Feature name to enabled; a tenant gets feature_disabled on the routes of a disabled one. A module left out stays enabled.'),
});
type WhitelabelGraphqlView = z.infer<typeof whitelabelGraphqlView>;
type WhitelabelGraphqlInput = z.infer<typeof whitelabelGraphqlInput>;

const PartnerWhitelabelType = graphqlObjectType('PartnerWhitelabel', whitelabelGraphqlView);
const PartnerWhitelabelInputType = graphqlInputType('PartnerWhitelabelInput', whitelabelGraphqlInput);
const PartnerGeneratedSdkType = graphqlObjectType('PartnerGeneratedSdk', generatedSdkView);
const PartnerSdkGenerationType = graphqlObjectType('PartnerSdkGeneration', sdkGenerationView);
const PartnerSdkGenerateInputType = graphqlInputType('PartnerSdkGenerateInput', generateSdkInput);
const PartnerSdkGenerateV1InputType = graphqlInputType('PartnerSdkGenerateV1Input', generateSdkV1Input);

const asList = (view: WhitelabelView): WhitelabelGraphqlView => ({ ...view, features: Object.entries(view.features).map(([name, enabled]) => ({ name, enabled })) });

/** GraphQL null means "left out" (the REST body would omit the key), at every depth, so zod defaults apply. */
function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== null && entry !== undefined).map(([key, entry]) => [key, withoutNulls(entry)]));
}

const duplicateFeature = (name: string, index: number) =>
  new ValidationError([{ pointer: `/features/${index}/name`, detail: `feature '${name}' is given twice`, code: 'duplicate_feature' }]);

@Resolver()
export class PartnerSettingsResolver {
  @Query(() => PartnerWhitelabelType, { description: 'The calling partner’s published white-label look, newest version (GET /partner/config/whitelabel).' })
  async partnerWhitelabel(@Ctx() ctx: GraphqlContext): Promise<WhitelabelGraphqlView> {
    return asList(await ctx.run(GetWhitelabel, {}));
  }

  @Mutation(() => PartnerWhitelabelType, { description: 'Publishes a new white-label version (PUT /partner/config/whitelabel); a feature name that appears twice is refused.' })
  async putPartnerWhitelabel(@Arg('input', () => PartnerWhitelabelInputType) input: WhitelabelGraphqlInput, @Ctx() ctx: GraphqlContext): Promise<WhitelabelGraphqlView> {
    const { features, ...rest } = withoutNulls({ ...input }) as WhitelabelGraphqlInput;
    const body: Record<string, unknown> = { ...rest };
    let positions = new Map<string, number>();
    if (features !== undefined) {
      // The map REST takes; a name given twice would silently lose one setting, so it is refused before the operation runs.
      const map: Record<string, boolean> = {};
      for (const [index, { name, enabled }] of features.entries()) {
        if (Object.hasOwn(map, name)) throw duplicateFeature(name, index);
        map[name] = enabled;
      }
      body['features'] = map;
      positions = new Map(features.map(({ name }, index) => [`/features/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`, index]));
    }
    try {
      return asList(await ctx.run(PutWhitelabel, body as PutWhitelabelInput));
    } catch (error) {
      // REST points into the map (/features/defi); here the feature is an entry of the list, so point at its name.
      if (!(error instanceof ValidationError) || positions.size === 0) throw error;
      throw new ValidationError(error.issues.map((issue) => (issue.pointer !== undefined && positions.has(issue.pointer) ? { ...issue, pointer: `/features/${positions.get(issue.pointer)}/name` } : issue)));
    }
  }

  @Mutation(() => PartnerGeneratedSdkType, { description: 'Generates the partner’s SDK in one language (POST /v2/partner/sdk/generate); download_url serves the archive over REST.' })
  generatePartnerSdk(@Arg('input', () => PartnerSdkGenerateInputType) input: GenerateSdkInput, @Ctx() ctx: GraphqlContext): Promise<GeneratedSdkView> {
    return ctx.run(GenerateSdk, withoutNulls({ ...input }) as GenerateSdkInput);
  }

  @Mutation(() => PartnerSdkGenerationType, { description: 'Generates SDKs in several languages at once (POST /v1/partner/sdk/generate).' })
  generatePartnerSdks(@Arg('input', () => PartnerSdkGenerateV1InputType) input: GenerateSdkV1Input, @Ctx() ctx: GraphqlContext): Promise<SdkGenerationView> {
    return ctx.run(GenerateSdkV1, withoutNulls({ ...input }) as GenerateSdkV1Input);
  }

  @Mutation(() => Partner, { description: 'Suspends a partner: its keys and its tenants’ keys answer 403 until reactivated (operator key).' })
  suspendPartner(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphqlContext): Promise<PartnerView> {
    return ctx.run(SuspendPartner, { id });
  }

  @Mutation(() => Partner, { description: 'Reactivates a suspended partner (operator key).' })
  reactivatePartner(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphqlContext): Promise<PartnerView> {
    return ctx.run(ReactivatePartner, { id });
  }

  @Mutation(() => Partner, { description: 'Revokes a partner for good (operator key).' })
  revokePartner(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphqlContext): Promise<PartnerView> {
    return ctx.run(RevokePartner, { id });
  }
}
