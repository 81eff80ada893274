import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { z } from 'zod';
import { ValidationError } from '../../../kernel/public.js';
import { graphqlInputType, graphqlObjectType, type GraphqlContext } from '../../../kit/graphql.js';
import {
  ClearReview,
  FileMicaWhitePaper,
  GetMicaIssuer,
  ListMicaIssuers,
  ListPendingReviews,
  ListSanctionsLists,
  LoadSanctionsList,
  LoadSanctionsListInput,
  MicaIssuerInput,
  MicaIssuersView,
  MicaIssuerView,
  MicaWhitePaperInput,
  MicaWhitePaperView,
  MonitoredTransactionsView,
  OfacSdnFiles,
  PutMicaIssuer,
  RejectReview,
  SanctionsListsView,
  SanctionsListView,
  type MonitoredTransactionView,
} from '../operations.js';
import { FlaggedTransactionType } from './fraud.js';

/**
 * The operator's regtech tools, each in the domain it serves: sanctions
 * lists (compliance), the MiCA issuer and white-paper registry (regulatory)
 * and monitoring's review queue (fraud). The same operations as the
 * /admin/regtech routes, so a team's key is refused on the entry path as
 * there. Types derive from the zod schemas.
 */
const SanctionsListType = graphqlObjectType('SanctionsList', SanctionsListView);
const SanctionsListsType = graphqlObjectType('SanctionsLists', SanctionsListsView);

/**
 * REST's `content` is the file's text or, for ofac_sdn, its three CSV files:
 * a union GraphQL inputs cannot express, so here they are two fields of which
 * exactly one is given. A list of several megabytes exceeds the GraphQL body
 * limit: load it over REST or the CLI.
 */
const loadGraphqlInput = z.strictObject({
  source: LoadSanctionsListInput.shape.source,
  format: LoadSanctionsListInput.shape.format,
  content: z.string().optional().describe("The file's text (eu_fsf, un_sc); left out for ofac_sdn"),
  ofac_files: OfacSdnFiles.optional().describe('For ofac_sdn: its three CSV files, as published'),
});
type LoadGraphqlInput = z.infer<typeof loadGraphqlInput>;
const LoadSanctionsListInputType = graphqlInputType('LoadSanctionsListInput', loadGraphqlInput);

const MicaIssuerType = graphqlObjectType('MicaIssuer', MicaIssuerView);
const MicaIssuersType = graphqlObjectType('MicaIssuers', MicaIssuersView);
const MicaWhitePaperType = graphqlObjectType('MicaWhitePaper', MicaWhitePaperView);
const MicaIssuerInputType = graphqlInputType('MicaIssuerInput', MicaIssuerInput);
const MicaWhitePaperInputType = graphqlInputType('MicaWhitePaperInput', MicaWhitePaperInput);

const pendingReview = MonitoredTransactionsView.shape.reviews.element;
const PendingReviewType = graphqlObjectType('PendingReview', pendingReview, 'A case monitoring holds for review, with the team it belongs to.');

/** GraphQL null means "left out", as the REST body would omit the key (so zod defaults apply). */
const present = <T extends object>(input: T): T => Object.fromEntries(Object.entries(input).filter(([, value]) => value !== null && value !== undefined)) as T;

@Resolver()
export class SanctionsListsResolver {
  @Mutation(() => SanctionsListType, { description: 'Loads a sanctions list, replacing the source’s previous version (operator key; POST /admin/regtech/sanctions-lists).' })
  loadSanctionsList(@Arg('input', () => LoadSanctionsListInputType) input: LoadGraphqlInput, @Ctx() ctx: GraphqlContext): Promise<SanctionsListView> {
    const { content, ofac_files: files, ...rest } = present({ ...input });
    if (content !== undefined && files !== undefined) {
      throw new ValidationError([{ pointer: '/ofac_files', detail: 'give content or ofac_files, not both', code: 'one_of' }]);
    }
    const body = { ...rest, content: files === undefined ? content : { ...files } } as LoadSanctionsListInput;
    return ctx.run(LoadSanctionsList, body);
  }

  @Query(() => SanctionsListsType, { description: 'The loaded sanctions lists with their versions and ages (operator key).' })
  sanctionsLists(@Ctx() ctx: GraphqlContext): Promise<SanctionsListsView> {
    return ctx.run(ListSanctionsLists, {});
  }
}

@Resolver()
export class MicaRegistryResolver {
  @Mutation(() => MicaIssuerType, { description: 'Records or replaces an issuer of the MiCA registry (operator key; PUT /admin/regtech/mica/issuers/{issuer_id}).' })
  putMicaIssuer(@Arg('issuer_id', () => String) issuerId: string, @Arg('input', () => MicaIssuerInputType) input: MicaIssuerInput, @Ctx() ctx: GraphqlContext): Promise<MicaIssuerView> {
    return ctx.run(PutMicaIssuer, { ...present({ ...input }), issuer_id: issuerId });
  }

  @Query(() => MicaIssuerType, { description: 'An issuer of the MiCA registry with its white papers (operator key).' })
  micaIssuer(@Arg('issuer_id', () => String) issuerId: string, @Ctx() ctx: GraphqlContext): Promise<MicaIssuerView> {
    return ctx.run(GetMicaIssuer, { issuer_id: issuerId });
  }

  @Query(() => MicaIssuersType, { description: 'Every issuer of the MiCA registry (operator key).' })
  micaIssuers(@Ctx() ctx: GraphqlContext): Promise<MicaIssuersView> {
    return ctx.run(ListMicaIssuers, {});
  }

  @Mutation(() => MicaWhitePaperType, { description: 'Files a white paper of a registered issuer (operator key; POST /admin/regtech/mica/white-papers).' })
  fileMicaWhitePaper(@Arg('input', () => MicaWhitePaperInputType) input: MicaWhitePaperInput, @Ctx() ctx: GraphqlContext): Promise<MicaWhitePaperView> {
    return ctx.run(FileMicaWhitePaper, present({ ...input }));
  }
}

@Resolver()
export class ReviewsResolver {
  @Query(() => [PendingReviewType], { description: 'Transactions waiting in pending_review, every team, oldest flagged first, at most 500 (operator key; GET /admin/regtech/reviews answers them as `reviews`).' })
  async pendingReviews(@Ctx() ctx: GraphqlContext): Promise<MonitoredTransactionsView['reviews']> {
    return (await ctx.run(ListPendingReviews, {})).reviews;
  }

  @Mutation(() => FlaggedTransactionType, { description: 'Clears a transaction in pending_review, recording the decision with its note (operator key; regtech.review.decided).' })
  clearReview(@Arg('id', () => ID) id: string, @Arg('note', () => String) note: string, @Ctx() ctx: GraphqlContext): Promise<MonitoredTransactionView> {
    return ctx.run(ClearReview, { id, note });
  }

  @Mutation(() => FlaggedTransactionType, { description: 'Rejects a transaction in pending_review, recording the decision with its note (operator key; regtech.review.decided).' })
  rejectReview(@Arg('id', () => ID) id: string, @Arg('note', () => String) note: string, @Ctx() ctx: GraphqlContext): Promise<MonitoredTransactionView> {
    return ctx.run(RejectReview, { id, note });
  }
}
