import { Arg, Ctx, Field, ID, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import { graphqlInputType, graphqlObjectType, PaginatorInfo, pageArgs, paginatorInfo, type GraphqlContext, type GraphqlContribution } from '../../../kit/graphql.js';
import {
  ExportCamt053,
  ExportPacs008,
  ExportStatementInput,
  GetMessage,
  ListMessages,
  MessageSummaryView,
  MessageView,
  ValidateDocument,
  ValidationView,
  type ListMessagesInput,
} from '../operations.js';

/**
 * The iso20022 domain: the same operations as the REST routes. The XML is the
 * message's `xml` field (REST also serves it as a file). Types are derived
 * from the operations' views, so they cannot drift from REST.
 */
const MessageType = graphqlObjectType('Iso20022Message', MessageView);
const MessageSummaryType = graphqlObjectType('Iso20022MessageSummary', MessageSummaryView);
const ValidationType = graphqlObjectType('Iso20022Validation', ValidationView);
const StatementInputType = graphqlInputType('ExportCamt053Input', ExportStatementInput);

@ObjectType('Iso20022MessagePage')
export class Iso20022MessagePage {
  @Field(() => [MessageSummaryType]) data!: MessageSummaryView[];
  @Field(() => PaginatorInfo) paginatorInfo!: PaginatorInfo;
}

@Resolver()
export class Iso20022Resolver {
  @Query(() => MessageType, { description: 'One message issued for the team, with its XML.' })
  iso20022Message(@Ctx() ctx: GraphqlContext, @Arg('id', () => ID) id: string): Promise<MessageView> {
    return ctx.run(GetMessage, { id });
  }

  @Query(() => Iso20022MessagePage, { description: 'The messages issued for the team, newest first; of one type (pacs.008, camt.053) with type.' })
  async iso20022Messages(
    @Ctx() ctx: GraphqlContext,
    @Arg('type', () => String, { nullable: true }) type?: string,
    @Arg('first', () => Int, { nullable: true }) first?: number,
    @Arg('page', () => Int, { nullable: true }) page?: number,
  ): Promise<Iso20022MessagePage> {
    const result = await ctx.run(ListMessages, { ...pageArgs(first, page), ...(type ? { type } : {}) } as ListMessagesInput);
    return { data: [...result.items], paginatorInfo: paginatorInfo(result) };
  }

  @Mutation(() => MessageType, { description: 'A settled transfer as a pacs.008 (POST /iso20022/pacs008): issued once, the same message after.' })
  exportPacs008(@Ctx() ctx: GraphqlContext, @Arg('transfer_id', () => ID) transferId: string): Promise<MessageView> {
    return ctx.run(ExportPacs008, { transfer_id: transferId });
  }

  @Mutation(() => MessageType, { description: 'An account statement as a camt.053 (POST /iso20022/camt053): issued once, the same message after.' })
  exportCamt053(@Ctx() ctx: GraphqlContext, @Arg('input', () => StatementInputType) input: ExportStatementInput): Promise<MessageView> {
    return ctx.run(ExportCamt053, { ...input });
  }

  @Mutation(() => ValidationType, { description: 'Checks a pacs.008 or camt.053 document (POST /iso20022/validate); stores nothing.' })
  validateIso20022(@Ctx() ctx: GraphqlContext, @Arg('document', () => String) document: string): Promise<ValidationView> {
    return ctx.run(ValidateDocument, { document });
  }
}

export const iso20022Graphql: readonly GraphqlContribution[] = [{ domain: 'iso20022', resolvers: [Iso20022Resolver] }];
