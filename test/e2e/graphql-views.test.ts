import { Kind, parse, type FieldDefinitionNode, type InputValueDefinitionNode } from 'graphql';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { z, type ZodType } from 'zod';
import { schemaFiles } from '../../adapters/graphql/schema-files.js';
import * as banking from '../../plugins/core-banking/operations.js';
import * as chains from '../../plugins/chains/operations.js';
import * as crosschain from '../../plugins/crosschain/operations.js';
import * as defi from '../../plugins/defi/operations.js';
import * as exchange from '../../plugins/exchange/operations.js';
import * as gcu from '../../plugins/gcu/operations.js';
import * as identity from '../../plugins/identity/operations.js';
import * as regtech from '../../plugins/regtech/operations.js';

/**
 * Every GraphQL object or input type that shows an operation's view or input
 * has the fields of its zod schema (operations.ts), with the same
 * nullability: a GraphQL field is nullable exactly when the zod field is
 * optional or nullable. Differences GraphQL makes on purpose are listed per
 * type, so a field added to (or dropped from) one side only fails here.
 */
interface Pairing {
  readonly schema: z.ZodObject;
  /** GraphQL name → zod key, where GraphQL names differ (names cannot start with a digit; ids). */
  readonly renamed?: Record<string, string>;
  /** zod keys GraphQL does not show. */
  readonly omitted?: readonly string[];
  /** GraphQL fields computed by the resolver, not in the view. */
  readonly graphqlOnly?: readonly string[];
  /** Fields the resolver defaults, so GraphQL may leave them out where the operation needs them. */
  readonly defaulted?: readonly string[];
}

const element = (array: ZodType): z.ZodObject => (array as z.ZodArray<z.ZodObject>).element;
const compositionRow = element(gcu.CompositionView.shape.composition);

const PAIRINGS: Record<string, Pairing> = {
  // core banking
  Account: { schema: banking.AccountDetailView, renamed: { id: 'uuid' }, omitted: ['metadata'], graphqlOnly: ['balance', 'currency'] },
  AccountBalance: { schema: banking.BalanceView },
  AccountBalances: { schema: banking.BalancesView },
  BalanceSummary: { schema: banking.BalancesView.shape.summary },
  Transaction: { schema: banking.TransactionView },
  Transfer: { schema: banking.TransferView, omitted: ['metadata'] },
  TransferFees: { schema: banking.TransferView.shape.fees },
  CreateAccountInput: { schema: banking.CreateAccountBody, omitted: ['metadata'], defaulted: ['type'] },
  CreateTransferInput: { schema: banking.CreateTransferBody, omitted: ['metadata', 'routing'] },
  MoneyMovementInput: { schema: banking.MoneyBody.extend(banking.ResourceId.shape), renamed: { account_id: 'id' } },
  // identity
  // GraphQL shows a revoked key's status but not when it was revoked (REST does).
  ApiKey: { schema: identity.ApiKeyView, omitted: ['revoked_at'] },
  RevokedKey: { schema: identity.RevokedApiKey },
  // exchange
  Order: { schema: exchange.OrderView },
  Trade: { schema: exchange.TradeView },
  BookLevel: { schema: exchange.BookLevelView },
  OrderBook: { schema: exchange.OrderBookView },
  // The resolver picks the team's oldest active account when account_id is left out.
  PlaceOrderInput: { schema: exchange.PlaceOrderInput, defaulted: ['account_id'] },
  // gcu
  Basket: { schema: gcu.BasketView, omitted: ['type', 'is_active', 'created_at', 'last_updated', 'rebalancing', 'performance', 'versions'] },
  BasketComponent: { schema: compositionRow, renamed: { change_24h: '24h_change', change_7d: '7d_change' } },
  BasketComposition: { schema: gcu.CompositionView },
  BasketPerformance: {
    schema: gcu.CompositionView.shape.performance,
    renamed: Object.fromEntries(['24h', '7d', '30d'].flatMap((p) => [[`change_${p}_usd`, `${p}_change_usd`], [`change_${p}_percent`, `${p}_change_percent`]])),
  },
  Rebalancing: { schema: gcu.RebalancingView },
  ValueHistory: { schema: gcu.ValueHistoryView },
  ValuePoint: { schema: element(gcu.ValueHistoryView.shape.points) },
  BasketExchange: { schema: gcu.BasketExchangeView },
  BasketExchangeInput: { schema: gcu.BasketExchangeBody.extend(gcu.BasketExchangeParams.shape), renamed: { account_id: 'id' } },
  GcuInfo: { schema: gcu.GcuView },
  GcuComponentValue: { schema: element(gcu.GcuView.shape.composition) },
  GcuStatistics: { schema: gcu.GcuView.shape.statistics, renamed: { change_24h: '24h_change', change_7d: '7d_change', change_30d: '30d_change' } },
  GcuGovernance: { schema: gcu.GcuView.shape.governance },
  GcuExchangeLimits: { schema: gcu.GcuView.shape.exchange },
  Proposal: { schema: gcu.ProposalView },
  ProposalTallies: { schema: gcu.ProposalView.shape.tallies },
  ProposalQuorum: { schema: gcu.ProposalView.shape.quorum },
  GovernanceParameterChange: { schema: gcu.ProposalView.shape.parameter.unwrap() },
  VoteResult: { schema: gcu.VoteView },
  MyVote: { schema: gcu.MyVoteView },
  // defi
  SwapQuote: { schema: defi.SwapQuoteView },
  SwapRoute: { schema: defi.SwapQuoteView.shape.best_route },
  AlternativeRoute: { schema: element(defi.SwapQuoteView.shape.alternative_routes) },
  QuoteSwapInput: { schema: defi.SwapQuoteV1Input },
  Swap: { schema: defi.SwapView },
  Wallet: { schema: chains.WalletView },
  WalletAddress: { schema: chains.DepositAddressView },
  WalletHolding: { schema: chains.WalletHoldingView },
  ExecuteSwapInput: { schema: defi.ExecuteSwapBody },
  // crosschain
  BridgeQuote: { schema: crosschain.BridgeQuoteView },
  BridgeAlternativeQuote: { schema: element(crosschain.BridgeQuoteView.shape.alternative_quotes) },
  BridgeFeeComparison: { schema: crosschain.BridgeFeesView },
  BridgeProtocolFee: { schema: element(crosschain.BridgeFeesView.shape.protocols) },
  BridgeTransfer: { schema: crosschain.BridgeTransferView },
  CrossChainSwap: { schema: crosschain.CrossChainSwapView },
  CrossChainPortfolio: { schema: crosschain.CrossChainPortfolioView },
  PortfolioChain: { schema: element(crosschain.CrossChainPortfolioView.shape.chains) },
  PortfolioHolding: { schema: element(element(crosschain.CrossChainPortfolioView.shape.chains).shape.holdings) },
  PortfolioDefiPosition: { schema: element(element(crosschain.CrossChainPortfolioView.shape.chains).shape.defi_positions) },
  InFlightTransfer: { schema: element(crosschain.CrossChainPortfolioView.shape.in_flight) },
  QuoteBridgeInput: { schema: crosschain.BridgeQuoteInput },
  InitiateBridgeInput: { schema: crosschain.BridgeInitiateInput },
  BridgeInput: { schema: crosschain.BridgeInput },
  CrossChainSwapInput: { schema: crosschain.CrossChainSwapInput },
  // regtech (compliance, fraud, regulatory, regtech domains)
  SanctionsScreening: { schema: regtech.ScreeningView },
  ScreenedParty: { schema: regtech.ScreeningView.shape.party },
  SanctionsMatch: { schema: element(regtech.ScreeningView.shape.matches) },
  ScreeningListVersion: { schema: element(regtech.ScreeningView.shape.list_versions) },
  ScreenPartyInput: { schema: regtech.ScreeningPartyInput },
  FlaggedTransaction: { schema: regtech.MonitoredTransactionView },
  MifirReport: { schema: regtech.MifirReportView },
  Rts22Fields: { schema: regtech.MifirReportView.shape.fields },
  AuthorityReason: { schema: element(regtech.MifirReportView.shape.rejection_reasons) },
  SubmitMifirReportInput: { schema: regtech.MifirReportInput },
  MicaCheck: { schema: regtech.MicaCheckView },
  MicaFinding: { schema: element(regtech.MicaCheckView.shape.findings) },
  CheckMicaInput: { schema: regtech.MicaCheckInput },
  RegtechStatus: { schema: regtech.RegtechStatusView },
  ComplianceIssue: { schema: element(regtech.RegtechStatusView.shape.open_issues) },
  ScreeningCounts: { schema: regtech.RegtechStatusView.shape.screenings },
  TravelRuleCounts: { schema: regtech.RegtechStatusView.shape.travel_rule_checks },
  RiskLevelCounts: { schema: regtech.RegtechStatusView.shape.travel_rule_checks.shape.by_risk_level },
  ReportCounts: { schema: regtech.RegtechStatusView.shape.reports },
  MonitoringCounts: { schema: regtech.RegtechStatusView.shape.monitoring },
  MicaCheckCounts: { schema: regtech.RegtechStatusView.shape.mica_checks },
  SanctionsListState: { schema: element(regtech.RegtechStatusView.shape.sanctions_lists) },
  LendingPosition: { schema: defi.LendingPositionView },
  LendingInput: { schema: defi.LendingBody },
};

/** Every object and input type of the built-in SDL: name → field → nullable. */
async function graphqlTypes(): Promise<Map<string, Map<string, boolean>>> {
  const types = new Map<string, Map<string, boolean>>();
  for (const text of (await schemaFiles()).values()) {
    for (const definition of parse(text).definitions) {
      if (definition.kind !== Kind.OBJECT_TYPE_DEFINITION && definition.kind !== Kind.INPUT_OBJECT_TYPE_DEFINITION) continue;
      const fields: readonly (FieldDefinitionNode | InputValueDefinitionNode)[] = definition.fields ?? [];
      types.set(definition.name.value, new Map(fields.map((field) => [field.name.value, field.type.kind !== Kind.NON_NULL_TYPE])));
    }
  }
  return types;
}

/** One sentence per difference between a GraphQL type and its zod schema. */
function drift(types: Map<string, Map<string, boolean>>, pairings: Record<string, Pairing>): string[] {
  const problems: string[] = [];
  for (const [name, pairing] of Object.entries(pairings)) {
    const fields = types.get(name);
    if (!fields) {
      problems.push(`GraphQL type ${name} is gone: update PAIRINGS`);
      continue;
    }
    const shape = pairing.schema.shape as Record<string, ZodType>;
    const seen = new Set<string>();
    for (const [field, nullable] of fields) {
      if (pairing.graphqlOnly?.includes(field)) continue;
      const key = pairing.renamed?.[field] ?? field;
      if (!shape[key]) {
        problems.push(`${name}.${field} has no zod field ${key}`);
        continue;
      }
      seen.add(key);
      const optional = acceptsAbsence(shape[key]) || (pairing.defaulted?.includes(key) ?? false);
      if (nullable !== optional) problems.push(`${name}.${field}: GraphQL ${nullable ? 'nullable' : 'non-null'}, zod ${optional ? 'optional' : 'required'}`);
    }
    for (const key of Object.keys(shape)) {
      if (!seen.has(key) && !pairing.omitted?.includes(key)) problems.push(`${name} lacks the zod field ${key} (show it, or list it as omitted)`);
    }
  }
  return problems;
}

function acceptsAbsence(schema: ZodType): boolean {
  return schema.safeParse(undefined).success || schema.safeParse(null).success;
}

test('every paired GraphQL type has its zod schema’s fields, with the same nullability', async () => {
  assert.equal(drift(await graphqlTypes(), PAIRINGS), []);
});

test('the check finds a field GraphQL lacks, one the view lacks, and a nullability difference', async () => {
  const types = await graphqlTypes();
  const drifted = banking.TransferView.extend({ settled_at: z.string(), reference: z.string() }).omit({ amount: true });
  assert.equal(drift(types, { Transfer: { schema: drifted, omitted: ['metadata'] } }), [
    'Transfer.amount has no zod field amount',
    'Transfer.reference: GraphQL nullable, zod required',
    'Transfer lacks the zod field settled_at (show it, or list it as omitted)',
  ]);
});

test.run();
