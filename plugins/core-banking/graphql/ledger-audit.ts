import { Ctx, Query, Resolver } from 'type-graphql';
import { z } from 'zod';
import { graphqlObjectType, type GraphqlContext } from '../../../kit/graphql.js';
import * as ops from '../operations.js';

/**
 * The operator's ledger audit (GET /admin/ledger/audit) in the banking
 * domain. The REST view keys each total's system accounts by name (a
 * record, which a GraphQL type cannot carry); here they are a list of
 * {account, amount}, in name order, derived from the same view otherwise.
 */
const totalRow = ops.LedgerAuditView.shape.totals.element;
const SystemAccountEntry = z.strictObject({ account: z.string(), amount: totalRow.shape.system_accounts.valueType });
const LedgerAuditGraphqlView = ops.LedgerAuditView.extend({
  totals: z.array(totalRow.extend({ system_accounts: z.array(SystemAccountEntry).describe(totalRow.shape.system_accounts.description ?? '') })),
});
type LedgerAuditGraphqlView = z.infer<typeof LedgerAuditGraphqlView>;
const LedgerAuditType = graphqlObjectType('LedgerAudit', LedgerAuditGraphqlView);

@Resolver()
export class LedgerAuditResolver {
  @Query(() => LedgerAuditType, { description: 'Checks the ledger’s invariants over every team (operator key), as GET /admin/ledger/audit.' })
  async ledgerAudit(@Ctx() ctx: GraphqlContext): Promise<LedgerAuditGraphqlView> {
    const audit = await ctx.run(ops.AuditLedger, {});
    return {
      ...audit,
      totals: audit.totals.map((row) => ({
        ...row,
        system_accounts: Object.entries(row.system_accounts)
          .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
          .map(([account, amount]) => ({ account, amount })),
      })),
    };
  }
}
