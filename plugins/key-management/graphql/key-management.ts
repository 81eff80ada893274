import { Arg, Ctx, Field, ID, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import { DateTimeScalar, pageArgs, PaginatorInfo, paginatorInfo, type GraphqlContext, type GraphqlContribution } from '../../../kit/graphql.js';
import { KeyInventoryResolver } from './key-inventory.js';
import { GetRecoveryKey, ListReconstructions, ListRecoveryKeys, VerifyShares, type ReconstructionView, type RecoveryKeyView } from '../operations.js';

/** operations.ts's recoveryKeyView (graphql-views.test.ts pairs them). */
@ObjectType('RecoveryKey', { description: 'A recovery key split into Shamir shares; the service keeps its fingerprint only.' })
export class RecoveryKeyType {
  @Field(() => ID) id!: string;
  @Field(() => String) label!: string;
  @Field(() => Int) threshold!: number;
  @Field(() => Int) shares!: number;
  @Field(() => String) fingerprint!: string;
  @Field(() => DateTimeScalar) created_at!: string;
}

/** operations.ts's reconstructionView. */
@ObjectType('KeyReconstruction', { description: 'One presentation of shares of a recovery key.' })
export class KeyReconstructionType {
  @Field(() => ID) id!: string;
  @Field(() => ID) recovery_key_id!: string;
  @Field(() => String, { description: 'verify or reconstruct.' }) purpose!: string;
  @Field(() => Int) shares_given!: number;
  @Field(() => Boolean) matches!: boolean;
  @Field(() => DateTimeScalar) created_at!: string;
}

@ObjectType('RecoveryKeyPage')
export class RecoveryKeyPage {
  @Field(() => [RecoveryKeyType]) data!: RecoveryKeyView[];
  @Field(() => PaginatorInfo) paginatorInfo!: PaginatorInfo;
}

@ObjectType('KeyReconstructionPage')
export class KeyReconstructionPage {
  @Field(() => [KeyReconstructionType]) data!: ReconstructionView[];
  @Field(() => PaginatorInfo) paginatorInfo!: PaginatorInfo;
}

/**
 * The key-management domain. Making a key and reconstructing one answer
 * secrets shown once: they stay on REST (no GraphQL tooling cache holds
 * them); verifying shares reveals nothing and is here.
 */
@Resolver()
export class KeyManagementResolver {
  @Query(() => RecoveryKeyType, { description: 'One of the team’s recovery keys.' })
  recoveryKey(@Ctx() ctx: GraphqlContext, @Arg('id', () => ID) id: string): Promise<RecoveryKeyView> {
    return ctx.run(GetRecoveryKey, { id });
  }

  @Query(() => RecoveryKeyPage, { description: 'The team’s recovery keys, newest first.' })
  async recoveryKeys(@Ctx() ctx: GraphqlContext, @Arg('first', () => Int, { nullable: true }) first?: number, @Arg('page', () => Int, { nullable: true }) page?: number): Promise<RecoveryKeyPage> {
    const result = await ctx.run(ListRecoveryKeys, pageArgs(first, page));
    return { data: [...result.items], paginatorInfo: paginatorInfo(result) };
  }

  @Query(() => KeyReconstructionPage, { description: 'A recovery key’s verifications and reconstructions, newest first.' })
  async keyReconstructionLogs(
    @Ctx() ctx: GraphqlContext,
    @Arg('recovery_key_id', () => ID) id: string,
    @Arg('first', () => Int, { nullable: true }) first?: number,
    @Arg('page', () => Int, { nullable: true }) page?: number,
  ): Promise<KeyReconstructionPage> {
    const result = await ctx.run(ListReconstructions, { id, ...pageArgs(first, page) });
    return { data: [...result.items], paginatorInfo: paginatorInfo(result) };
  }

  @Mutation(() => KeyReconstructionType, { description: 'Checks that shares rebuild a recovery key, without revealing it; the attempt is recorded.' })
  verifyKeyShares(@Ctx() ctx: GraphqlContext, @Arg('recovery_key_id', () => ID) id: string, @Arg('shares', () => [String]) shares: string[]): Promise<ReconstructionView> {
    return ctx.run(VerifyShares, { id, shares });
  }
}

export const keyManagementGraphql: readonly GraphqlContribution[] = [{ domain: 'key-management', resolvers: [KeyManagementResolver, KeyInventoryResolver] }];
