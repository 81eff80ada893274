import { Arg, Ctx, ID, Mutation, Resolver } from 'type-graphql';
import type { GraphqlContext } from '../../../kit/graphql.js';
import * as ops from '../operations.js';
import { Account, accountOf } from './account.js';

/**
 * The account domain's status changes: freeze, unfreeze and close, the same
 * operations as POST /accounts/{id}/freeze, /unfreeze and DELETE
 * /accounts/{id} (closing needs the key's delete permission, as REST).
 * Each answers the account as `account(id)` shows it, read again after the
 * change (the operations answer the list view, without balances).
 */
@Resolver()
export class AccountStatusResolver {
  @Mutation(() => Account, { description: 'Freezes an account of the caller’s team: it neither sends nor receives until unfrozen (POST /accounts/{id}/freeze).' })
  async freezeAccount(@Ctx() ctx: GraphqlContext, @Arg('id', () => ID) id: string, @Arg('reason', () => String, { nullable: true }) reason?: string | null): Promise<Account> {
    await ctx.run(ops.FreezeAccount, reason == null ? { id } : { id, reason });
    return accountOf(await ctx.run(ops.GetAccount, { id }), ctx.assets);
  }

  @Mutation(() => Account, { description: 'Lets a frozen account send and receive again (POST /accounts/{id}/unfreeze).' })
  async unfreezeAccount(@Ctx() ctx: GraphqlContext, @Arg('id', () => ID) id: string): Promise<Account> {
    await ctx.run(ops.UnfreezeAccount, { id });
    return accountOf(await ctx.run(ops.GetAccount, { id }), ctx.assets);
  }

  @Mutation(() => Account, { description: 'Closes an account for good; every balance must be zero (DELETE /accounts/{id}, needs the delete permission).' })
  async closeAccount(@Ctx() ctx: GraphqlContext, @Arg('id', () => ID) id: string): Promise<Account> {
    await ctx.run(ops.CloseAccount, { id });
    return accountOf(await ctx.run(ops.GetAccount, { id }), ctx.assets);
  }
}
