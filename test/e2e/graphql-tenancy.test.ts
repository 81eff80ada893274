import { buildClientSchema, getIntrospectionQuery, getNamedType, isInputObjectType, type GraphQLArgument, type GraphQLInputField } from 'graphql';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { EventBackbone } from '../../kernel/public.js';
import type { TestUser } from '../fixtures/boot.js';
import { bootGraphql, data, gql, type GqlResponse, type GraphqlKernel } from './graphql-kit.js';
import { FUNDING, tick } from './gcu-helpers.js';
import { SoftwareAuthenticator } from '../../plugins/mobile/testing/software-authenticator.js';
import { DEFAULT_ASSETS, DEFAULT_USD_PRICES } from '../../config/assets.js';

/**
 * Tenancy of the whole composed schema: every Query and Mutation field is
 * called by Ada's team with Bob's team's ids. A lookup answers null, an
 * operation on Bob's objects not_found, a list or a shared catalogue answer
 * mentions none of Bob's objects, and afterwards Bob's team sees its data
 * exactly as before. The fields come from the running schema: a field this
 * file has no case for fails the test, so a new field cannot go untested.
 */
let g: GraphqlKernel;
let ada: TestUser;
let bob: TestUser;

/** Bob's team's objects, whose ids Ada sends. */
interface Fixture {
  readonly account: string;
  readonly otherAccount: string;
  readonly transfer: string;
  readonly order: string;
  readonly trade: string;
  readonly apiKey: string;
  readonly proposal: string;
  readonly swapQuote: string;
  readonly swap: string;
  /** regtech: Bob's sanctions screening, his gold deposit, its MiFIR report, and his large transfer monitoring flagged. */
  readonly screening: string;
  readonly deposit: string;
  readonly mifirReport: string;
  readonly flagged: string;
  /** An issuer of the MiCA registry: the bank's reference data, not a team's (as proposals are); Bob checked against it. */
  readonly micaIssuer: string;
  readonly lendingPosition: string;
  /** Bob's liquidity position and staking position (defi). */
  readonly liquidityPosition: string;
  readonly yieldPosition: string;
  readonly x402Endpoint: string;
  /** crosschain: Bob's bridge quote, bridge transfer and cross-chain swap. */
  readonly bridgeQuote: string;
  readonly bridgeTransfer: string;
  readonly crossChainSwap: string;
  /** Bob's treasury rebalance (a dry run of his USDC allocation). */
  readonly treasuryRebalance: string;
  /** Ada's own account, the other end of a transfer attempt. */
  readonly adaAccount: string;
  /** Bob's mobile objects: a payment intent, a p2p transfer (to a third team), a device, a passkey session and the passkey. */
  readonly intent: string;
  readonly p2p: string;
  readonly device: string;
  readonly session: string;
  readonly passkey: string;
  /** A ledger movement of Bob's (his first deposit). */
  readonly movement: string;
  /** A batch of Bob's (one transfer between his accounts). */
  readonly batch: string;
  /** A banking product of Bob's team, active on his account. */
  readonly product: string;
  /** Bob's account linked to the simulated custodian, synced once. */
  readonly custodianAccount: string;
  /** Bob's cardholder and card (with an approved authorization on it). */
  readonly cardholder: string;
  readonly card: string;
  /** Bob's trust certificate of himself. */
  readonly certificate: string;
  /** Bob's recovery key (split over REST) and one share of it. */
  readonly recoveryKey: string;
  readonly recoveryShares: readonly string[];
  /** An open investment round of the bank (the operator's, readable by every team) and Bob's investment in it. */
  readonly cgoRound: string;
  readonly cgoInvestment: string;
  /** Bob's approved card authorization (on his card), his travel-rule check and submission (of his transfer), and the review case of his flagged transfer. */
  readonly cardAuthorization: string;
  readonly travelRuleCheck: string;
  readonly travelRuleSubmission: string;
  readonly review: string;
  /** Bob's webhook (inactive, so nothing is sent). */
  readonly webhook: string;
  /** Bob's approved merchant and an open invoice of it (with its pay code). */
  readonly merchant: string;
  readonly invoice: string;
  readonly payCode: string;
  /** Bob's reward earnings (a card capture and a quest bonus). */
  readonly rewardEarnings: readonly string[];
  /** Bob's camt.053 statement of his account (iso20022). */
  readonly isoMessage: string;
  /** Bob's data-subject request (an export of himself). */
  readonly privacyRequest: string;
}
let fx: Fixture;

/** refused: an error (a partner or operator field asked by an ordinary team), no data, nothing of Bob's in it. */
type Expect = 'null' | 'not_found' | 'none_of_bob' | 'refused';

interface Case {
  readonly query: string;
  readonly variables?: (fx: Fixture) => Record<string, unknown>;
  readonly expect: Expect;
  /** For none_of_bob answers without ids: values of Bob's objects that must not appear. */
  readonly absent?: readonly string[];
}

const ACCOUNT_INPUT = (account: string) => ({ account_id: account, amount: '1.00', asset_code: 'USD' });
/** A travel-rule check's input with `reference` as its transfer_id. */
const TRAVEL_CHECK = (reference: string) => ({
  transfer_id: reference,
  originator: { name: 'Ada Lovelace', account_number: 'DE89370400440532013000', institution_name: 'Open Bank', institution_country: 'DE' },
  beneficiary: { name: 'Charles Babbage', account_number: 'GB29NWBK60161331926819', institution_name: 'Engine Bank', institution_country: 'GB' },
  transfer_details: { amount: '25.00', currency: 'USD', asset_type: 'fiat' },
  jurisdiction: 'EU',
});

/** One or more calls per root field, named "Query.field" / "Mutation.field". */
const CASES: Record<string, readonly Case[]> = {
  'Query.account': [{ query: 'query($id: ID!) { account(id: $id) { id } }', variables: (f) => ({ id: f.account }), expect: 'null' }],
  'Query.accounts': [{ query: '{ accounts(first: 100) { data { id } } }', expect: 'none_of_bob' }],
  'Query.asset': [{ query: '{ asset(code: "USD") { code } }', expect: 'none_of_bob' }],
  'Query.assets': [{ query: '{ assets { code } }', expect: 'none_of_bob' }],
  'Query.balances': [{ query: 'query($id: ID!) { balances(account_id: $id) { account_uuid } }', variables: (f) => ({ id: f.account }), expect: 'null' }],
  'Query.transfer': [{ query: 'query($id: ID!) { transfer(id: $id) { uuid } }', variables: (f) => ({ id: f.transfer }), expect: 'null' }],
  'Query.transfers': [{ query: 'query($id: ID!) { transfers(account_id: $id) { data { uuid } } }', variables: (f) => ({ id: f.account }), expect: 'not_found' }],
  'Query.transactions': [{ query: 'query($id: ID!) { transactions(account_id: $id) { data { uuid } } }', variables: (f) => ({ id: f.account }), expect: 'not_found' }],
  'Query.basket': [{ query: '{ basket(code: "GCU") { code } }', expect: 'none_of_bob' }],
  'Query.baskets': [{ query: '{ baskets { code } }', expect: 'none_of_bob' }],
  'Query.gcu': [{ query: '{ gcu { code } }', expect: 'none_of_bob' }],
  'Query.gcuComposition': [{ query: '{ gcuComposition { basket_code } }', expect: 'none_of_bob' }],
  'Query.gcuValueHistory': [{ query: '{ gcuValueHistory(period: "7d") { points { value } } }', expect: 'none_of_bob' }],
  // Proposals are the bank's, not a team's: Ada may read the one Bob voted on, but never Bob's vote.
  'Query.gcuProposal': [{ query: 'query($id: ID!) { gcuProposal(id: $id) { id created_by } }', variables: (f) => ({ id: f.proposal }), expect: 'none_of_bob' }],
  'Query.gcuProposals': [{ query: '{ gcuProposals { id created_by } }', expect: 'none_of_bob' }],
  'Query.myGcuVotes': [{ query: '{ myGcuVotes { proposal_id voted_by } }', expect: 'none_of_bob' }],
  'Query.order': [{ query: 'query($id: ID!) { order(id: $id) { id } }', variables: (f) => ({ id: f.order }), expect: 'null' }],
  'Query.orders': [{ query: '{ orders(first: 100) { data { id account_id } } }', expect: 'none_of_bob' }],
  // Bob's book has 0.4 BTC asked at 600.00; Ada's book of the pair is her own (empty).
  'Query.orderBook': [{ query: '{ orderBook(pair: "BTC/USD") { bids { price amount } asks { price amount } } }', expect: 'none_of_bob', absent: ['600.00', '0.40000000'] }],
  'Query.trades': [{ query: '{ trades(first: 100) { data { id buy_order_id sell_order_id } } }', expect: 'none_of_bob' }],
  'Query.apiKeys': [{ query: '{ apiKeys(first: 100) { data { id user_id } } }', expect: 'none_of_bob' }],
  'Query.me': [{ query: '{ me { user_id team_id } }', expect: 'none_of_bob' }],
  'Query.partners': [{ query: '{ partners(first: 100) { data { id team_id } } }', expect: 'refused' }],
  'Query.partner': [{ query: 'query($id: ID!) { partner(id: $id) { id } }', variables: (f) => ({ id: f.account }), expect: 'refused' }],
  'Query.partnerProfile': [{ query: '{ partnerProfile { id team_id } }', expect: 'refused' }],
  'Query.partnerTenants': [{ query: '{ partnerTenants(first: 100) { data { id team_id } } }', expect: 'refused' }],
  'Query.modules': [{ query: '{ modules { name enabled reason } }', expect: 'none_of_bob' }],
  'Mutation.createAccount': [{ query: 'mutation { createAccount(input: {name: "Ada extra"}) { id } }', expect: 'none_of_bob' }],
  'Mutation.deposit': [{ query: 'mutation($input: MoneyMovementInput!) { deposit(input: $input) { uuid } }', variables: (f) => ({ input: ACCOUNT_INPUT(f.account) }), expect: 'not_found' }],
  'Mutation.withdraw': [{ query: 'mutation($input: MoneyMovementInput!) { withdraw(input: $input) { uuid } }', variables: (f) => ({ input: ACCOUNT_INPUT(f.account) }), expect: 'not_found' }],
  'Mutation.createTransfer': [
    { query: TRANSFER(), variables: (f) => ({ input: { from_account: f.account, to_account: f.adaAccount, amount: '1.00', asset_code: 'USD' } }), expect: 'not_found' },
    { query: TRANSFER(), variables: (f) => ({ input: { from_account: f.adaAccount, to_account: f.account, amount: '1.00', asset_code: 'USD' } }), expect: 'not_found' },
  ],
  'Mutation.composeBasket': [{ query: BASKET('composeBasket'), variables: (f) => ({ input: { account_id: f.account, basket_code: 'GCU', amount: '1.0000' } }), expect: 'not_found' }],
  'Mutation.decomposeBasket': [{ query: BASKET('decomposeBasket'), variables: (f) => ({ input: { account_id: f.account, basket_code: 'GCU', amount: '1.0000' } }), expect: 'not_found' }],
  'Mutation.placeOrder': [
    {
      query: 'mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { id } }',
      variables: (f) => ({ input: { pair: 'BTC/USD', side: 'BUY', type: 'LIMIT', amount: '0.01000000', price: '100.00', account_id: f.account } }),
      expect: 'not_found',
    },
  ],
  'Mutation.cancelOrder': [{ query: 'mutation($id: ID!) { cancelOrder(id: $id) { id } }', variables: (f) => ({ id: f.order }), expect: 'not_found' }],
  // Ada's team votes on the bank's proposal with its own holding; Bob's vote stays as it was (checked at the end).
  'Mutation.castGcuVote': [{ query: 'mutation($id: ID!) { castGcuVote(proposal_id: $id, vote: "against") { proposal_id vote voting_power } }', variables: (f) => ({ id: f.proposal }), expect: 'none_of_bob' }],
  'Query.bridgeQuote': [{ query: 'query($id: ID!) { bridgeQuote(id: $id) { quote_id } }', variables: (f) => ({ id: f.bridgeQuote }), expect: 'not_found' }],
  'Query.bridgeTransfer': [{ query: 'query($id: ID!) { bridgeTransfer(id: $id) { bridge_tx_id } }', variables: (f) => ({ id: f.bridgeTransfer }), expect: 'not_found' }],
  'Query.bridgeFees': [{ query: '{ bridgeFees(from: "ethereum", to: "base", token: "USDC", amount: "20") { protocols { bridge_protocol fee_amount } } }', expect: 'none_of_bob' }],
  'Query.crossChainSwap': [{ query: 'query($id: ID!) { crossChainSwap(id: $id) { swap_id } }', variables: (f) => ({ id: f.crossChainSwap }), expect: 'not_found' }],
  'Query.crossChainPortfolio': [{ query: 'query($id: ID) { crossChainPortfolio(account_id: $id) { total_usd } }', variables: (f) => ({ id: f.account }), expect: 'not_found' }],
  'Mutation.quoteBridge': [{ query: 'mutation { quoteBridge(input: {source_chain: "ethereum", destination_chain: "base", token: "USDC", amount: "20"}) { quote_id } }', expect: 'none_of_bob' }],
  'Mutation.initiateBridge': [
    {
      query: 'mutation($input: InitiateBridgeInput!) { initiateBridge(input: $input) { bridge_tx_id } }',
      variables: (f) => ({ input: { quote_id: f.bridgeQuote, sender_address: '0x1111111111111111111111111111111111111111', recipient_address: '0x2222222222222222222222222222222222222222' } }),
      expect: 'not_found',
    },
  ],
  'Mutation.bridge': [
    { query: 'mutation($id: ID!) { bridge(input: {source_chain: "ethereum", destination_chain: "base", token: "USDC", amount: "1", account_id: $id}) { bridge_tx_id } }', variables: (f) => ({ id: f.account }), expect: 'not_found' },
  ],
  'Mutation.swapCrossChain': [
    {
      query: 'mutation($id: ID!) { swapCrossChain(input: {source_chain: "ethereum", destination_chain: "base", from_token: "USDC", to_token: "WETH", amount: "1", account_id: $id}) { swap_id } }',
      variables: (f) => ({ id: f.account }),
      expect: 'not_found',
    },
  ],
  'Query.swapQuote': [{ query: 'query($id: ID!) { swapQuote(id: $id) { quote_id } }', variables: (f) => ({ id: f.swapQuote }), expect: 'not_found' }],
  // Chain data is public on a real network too; Bob's deposit address is his, so Ada gets not_found for it.
  'Query.chains': [{ query: '{ chains { name head { number } } }', expect: 'none_of_bob' }],
  'Query.chain': [{ query: '{ chain(chain: "base") { name } }', expect: 'none_of_bob' }],
  'Query.chainTransaction': [{ query: '{ chainTransaction(chain: "base", hash: "0x0000000000000000000000000000000000000000000000000000000000000001") { hash } }', expect: 'not_found' }],
  'Query.chainAddressBalances': [{ query: '{ chainAddressBalances(chain: "base", address: "0x0000000000000000000000000000000000000001") { address } }', expect: 'none_of_bob' }],
  'Query.depositAddresses': [{ query: 'query($id: ID!) { depositAddresses(account_id: $id) { address } }', variables: (f) => ({ id: f.account }), expect: 'not_found' }],
  'Mutation.sandboxFaucet': [{ query: 'mutation { sandboxFaucet(input: { chain: "base-sepolia", address: "0x0000000000000000000000000000000000000001", asset_code: "USDC", amount: "1.000000" }) { hash } }', expect: 'refused' }],
  'Query.wallet': [{ query: 'query($id: ID!) { wallet(account_id: $id) { account_id } }', variables: (f) => ({ id: f.account }), expect: 'not_found' }],
  'Query.swap': [{ query: 'query($id: ID!) { swap(id: $id) { swap_id } }', variables: (f) => ({ id: f.swap }), expect: 'not_found' }],
  'Mutation.executeSwap': [
    {
      query: 'mutation($account: ID!) { executeSwap(input: {from_token: "USDC", to_token: "WETH", amount: "1", chain: "base", account_id: $account}) { swap_id } }',
      variables: (f) => ({ account: f.account }),
      expect: 'not_found',
    },
  ],
  'Mutation.quoteSwap': [{ query: 'mutation { quoteSwap(input: {chain: "base", token_in: "USDC", token_out: "WETH", amount_in: "100"}) { quote_id } }', expect: 'none_of_bob' }],
  'Query.sanctionsScreening': [{ query: 'query($id: ID!) { sanctionsScreening(id: $id) { screening_id } }', variables: (f) => ({ id: f.screening }), expect: 'not_found' }],
  'Mutation.screenParty': [{ query: 'mutation { screenParty(input: {name: "Maria Gonzalez"}) { screening_id cleared } }', expect: 'none_of_bob' }],
  'Query.flaggedTransaction': [{ query: 'query($id: String!) { flaggedTransaction(transaction_id: $id) { review_id } }', variables: (f) => ({ id: f.flagged }), expect: 'not_found' }],
  'Query.mifirReport': [{ query: 'query($id: ID!) { mifirReport(id: $id) { report_id } }', variables: (f) => ({ id: f.mifirReport }), expect: 'not_found' }],
  'Mutation.submitMifirReport': [
    {
      query: 'mutation($input: SubmitMifirReportInput!) { submitMifirReport(input: $input) { report_id } }',
      variables: (f) => ({ input: { transaction_id: f.deposit, report_type: 'transaction', jurisdiction: 'DE', buyer_id: 'DE19800101JOHN#DOE##' } }),
      expect: 'not_found',
    },
  ],
  // The registry is the bank's: Ada may check against the issuer Bob checked, and sees only her own check.
  'Mutation.checkMica': [
    {
      query: 'mutation($input: CheckMicaInput!) { checkMica(input: $input) { check_id compliant findings { code passed } } }',
      variables: (f) => ({ input: { asset_type: 'emt', issuer_id: f.micaIssuer, whitepaper_hash: `sha256:${'a'.repeat(64)}` } }),
      expect: 'none_of_bob',
    },
  ],
  'Query.regtechStatus': [{ query: '{ regtechStatus { status screenings { total } reports { submitted } } }', expect: 'none_of_bob' }],
  'Query.paymentIntent': [{ query: 'query($id: ID!) { paymentIntent(id: $id) { id } }', variables: (f) => ({ id: f.intent }), expect: 'not_found' }],
  'Query.p2pTransfer': [{ query: 'query($id: ID!) { p2pTransfer(id: $id) { id } }', variables: (f) => ({ id: f.p2p }), expect: 'not_found' }],
  'Query.mobileActivity': [{ query: '{ mobileActivity(first: 100) { data { id resource { id } } } }', expect: 'none_of_bob' }],
  'Query.passkeys': [{ query: '{ passkeys { id user_id } }', expect: 'none_of_bob' }],
  'Query.mobileSessions': [{ query: '{ mobileSessions { id user_id credential_id } }', expect: 'none_of_bob' }],
  'Query.mobileDevices': [{ query: '{ mobileDevices { id push_token } }', expect: 'none_of_bob', absent: ['bob-tenancy-token'] }],
  'Query.mobileNotifications': [{ query: '{ mobileNotifications(first: 100) { data { id resource { id } } } }', expect: 'none_of_bob' }],
  'Query.mobileWallet': [{ query: '{ mobileWallet { user_id account_id } }', expect: 'none_of_bob' }],
  'Mutation.setMobileWallet': [{ query: 'mutation($id: ID!) { setMobileWallet(account_id: $id) { account_id } }', variables: (f) => ({ id: f.account }), expect: 'not_found' }],
  'Mutation.createPaymentIntent': [
    {
      query: 'mutation($input: CreatePaymentIntentInput!) { createPaymentIntent(input: $input) { id } }',
      variables: (f) => ({ input: { amount: '1.00', currency: 'USD', recipient: f.adaAccount, from_account: f.account } }),
      expect: 'not_found',
    },
  ],
  'Mutation.confirmPaymentIntent': [{ query: 'mutation($id: ID!) { confirmPaymentIntent(id: $id) { id } }', variables: (f) => ({ id: f.intent }), expect: 'not_found' }],
  'Mutation.cancelPaymentIntent': [{ query: 'mutation($id: ID!) { cancelPaymentIntent(id: $id) { id } }', variables: (f) => ({ id: f.intent }), expect: 'not_found' }],
  'Mutation.sendP2pTransfer': [
    {
      query: 'mutation($input: P2pTransferInput!) { sendP2pTransfer(input: $input) { id } }',
      variables: (f) => ({ input: { to_user: 'carol.tenancy@example.test', amount: '1.00', currency: 'USD', from_account: f.account } }),
      expect: 'not_found',
    },
  ],
  'Mutation.registerMobileDevice': [{ query: 'mutation { registerMobileDevice(input: { push_token: "ada-tenancy-token", platform: "ios" }) { id } }', expect: 'none_of_bob' }],
  'Mutation.deleteMobileDevice': [{ query: 'mutation($id: ID!) { deleteMobileDevice(id: $id) { id } }', variables: (f) => ({ id: f.device }), expect: 'not_found' }],
  'Mutation.revokeMobileSession': [{ query: 'mutation($id: ID!) { revokeMobileSession(id: $id) { id } }', variables: (f) => ({ id: f.session }), expect: 'not_found' }],
  'Mutation.deletePasskey': [{ query: 'mutation($id: ID!) { deletePasskey(id: $id) { id } }', variables: (f) => ({ id: f.passkey }), expect: 'not_found' }],
  'Query.lendingPositions': [{ query: '{ lendingPositions { position_id } }', expect: 'none_of_bob' }],
  'Query.lendingPosition': [{ query: 'query($id: ID!) { lendingPosition(id: $id) { position_id } }', variables: (f) => ({ id: f.lendingPosition }), expect: 'not_found' }],
  'Mutation.supplyLending': [{ query: 'mutation($a: ID!) { supplyLending(input: {chain: "base", token: "USDC", amount: "1", account_id: $a}) { position_id } }', variables: (f) => ({ a: f.account }), expect: 'not_found' }],
  'Mutation.borrowLending': [{ query: 'mutation($a: ID!) { borrowLending(input: {chain: "base", token: "USDC", amount: "1", account_id: $a}) { position_id } }', variables: (f) => ({ a: f.account }), expect: 'not_found' }],
  'Mutation.closeLendingPosition': [{ query: 'mutation($id: ID!) { closeLendingPosition(id: $id) { position_id } }', variables: (f) => ({ id: f.lendingPosition }), expect: 'not_found' }],
  'Query.swapQuoteFor': [{ query: '{ swapQuoteFor(from: "USDC", to: "WETH", amount: "10", chain: "base") { quote_id } }', expect: 'none_of_bob' }],
  'Mutation.executeQuotedSwap': [
    { query: 'mutation($q: String!) { executeQuotedSwap(input: {quote_id: $q, wallet_address: "0x0000000000000000000000000000000000000001", max_gas_price_gwei: 100, deadline_minutes: 20}) { swap_id } }', variables: (f) => ({ q: f.swapQuote }), expect: 'not_found' },
  ],
  'Mutation.flashLoan': [{ query: 'mutation($a: String) { flashLoan(input: {token: "USDC", amount: "1", account_id: $a, dry_run: true, operations: [{type: "swap", from: "USDC", to: "WETH", dex: "uniswap_v3"}]}) { status } }', variables: (f) => ({ a: f.account }), expect: 'not_found' }],
  'Mutation.addLiquidity': [{ query: 'mutation($a: String) { addLiquidity(input: {pool_id: "base:uniswap_v3:USDC-WETH:500", token: "USDC", amount: "1", account_id: $a}) { position_id } }', variables: (f) => ({ a: f.account }), expect: 'not_found' }],
  'Mutation.removeLiquidity': [{ query: 'mutation($id: ID!) { removeLiquidity(id: $id) { position_id } }', variables: (f) => ({ id: f.liquidityPosition }), expect: 'not_found' }],
  'Query.liquidityPosition': [{ query: 'query($id: ID!) { liquidityPosition(id: $id) { position_id } }', variables: (f) => ({ id: f.liquidityPosition }), expect: 'not_found' }],
  'Query.liquidityPositions': [{ query: '{ liquidityPositions { position_id } }', expect: 'none_of_bob' }],
  'Mutation.stake': [{ query: 'mutation($a: String) { stake(input: {program: "staking:WETH", chain: "base", amount: "0.01", account_id: $a}) { position_id } }', variables: (f) => ({ a: f.account }), expect: 'not_found' }],
  'Mutation.harvestYield': [{ query: 'mutation($id: ID!) { harvestYield(id: $id) { position_id } }', variables: (f) => ({ id: f.yieldPosition }), expect: 'not_found' }],
  'Mutation.unstake': [{ query: 'mutation($id: ID!) { unstake(id: $id) { position_id } }', variables: (f) => ({ id: f.yieldPosition }), expect: 'not_found' }],
  'Query.yieldPosition': [{ query: 'query($id: ID!) { yieldPosition(id: $id) { position_id } }', variables: (f) => ({ id: f.yieldPosition }), expect: 'not_found' }],
  'Query.yieldPositions': [{ query: '{ yieldPositions { position_id } }', expect: 'none_of_bob' }],
  'Query.defiPortfolio': [
    { query: 'query($a: ID) { defiPortfolio(account_id: $a) { positions { position_id } } }', variables: (f) => ({ a: f.account }), expect: 'not_found' },
  ],
  'Query.x402Endpoints': [{ query: '{ x402Endpoints(first: 100) { data { id account_id } } }', expect: 'none_of_bob' }],
  'Query.x402Payments': [{ query: '{ x402Payments(first: 100) { data { id endpoint_id } } }', expect: 'none_of_bob' }],
  'Query.x402Relays': [{ query: '{ x402Relays(first: 100) { data { payment_id } } }', expect: 'none_of_bob' }],
  'Mutation.createX402Endpoint': [
    { query: 'mutation($id: ID!) { createX402Endpoint(input: {path: "/api/v2/gcu/value-history", price_usd_cents: 1, network: "eip155:8453", asset: "USDC", account_id: $id}) { id } }', variables: (f) => ({ id: f.account }), expect: 'not_found' },
  ],
  'Mutation.updateX402Endpoint': [{ query: 'mutation($id: ID!) { updateX402Endpoint(id: $id, input: {price_usd_cents: 99}) { id } }', variables: (f) => ({ id: f.x402Endpoint }), expect: 'not_found' }],
  'Mutation.deleteX402Endpoint': [{ query: 'mutation($id: ID!) { deleteX402Endpoint(id: $id) { id } }', variables: (f) => ({ id: f.x402Endpoint }), expect: 'not_found' }],
  'Query.treasuryAllocations': [{ query: '{ treasuryAllocations { token targets { chain percent } } }', expect: 'none_of_bob', absent: ['77.00'] }],
  'Query.treasuryRebalance': [{ query: 'query($id: ID!) { treasuryRebalance(id: $id) { id } }', variables: (f) => ({ id: f.treasuryRebalance }), expect: 'not_found' }],
  'Mutation.setTreasuryAllocation': [{ query: 'mutation { setTreasuryAllocation(input: {token: "USDC", targets: [{chain: "base", percent: "100"}]}) { token } }', expect: 'none_of_bob' }],
  'Mutation.rebalanceTreasury': [{ query: 'mutation($a: ID) { rebalanceTreasury(input: {token: "USDC", account_id: $a, dry_run: true}) { id } }', variables: (f) => ({ a: f.account }), expect: 'not_found' }],
  // agent-protocol: limits and agents are per team. A key id of another team registered as an agent lands in the caller's own registry (calls are matched by team and key together), so it limits nothing of Bob's.
  'Query.x402SpendingLimits': [{ query: '{ x402SpendingLimits { configured team { daily_usd spent_today_usd } agents { api_key_id name } } }', expect: 'none_of_bob', absent: ['bob-agent'] }],
  'Query.x402Agents': [{ query: '{ x402Agents { api_key_id name daily_usd } }', expect: 'none_of_bob', absent: ['bob-agent'] }],
  'Mutation.setX402SpendingLimits': [{ query: 'mutation { setX402SpendingLimits(input: {daily_usd: "1.00"}) { configured team { daily_usd } agents { api_key_id name } } }', expect: 'none_of_bob', absent: ['bob-agent'] }],
  'Mutation.putX402Agent': [{ query: 'mutation($id: String!) { putX402Agent(api_key_id: $id, input: {name: "ada-bot", daily_usd: "0.10"}) { name daily_usd } }', variables: (f) => ({ id: f.apiKey }), expect: 'none_of_bob', absent: ['bob-agent'] }],
  'Mutation.removeX402Agent': [{ query: 'mutation($id: String!) { removeX402Agent(api_key_id: $id) { name } }', variables: (f) => ({ id: f.apiKey }), expect: 'none_of_bob', absent: ['bob-agent'] }],
  'Mutation.payX402': [
    { query: 'mutation($id: ID!) { payX402(input: {url: "http://127.0.0.1:9/api/v2/gcu/composition", max_amount: "0.01", account_id: $id}) { paid } }', variables: (f) => ({ id: f.account }), expect: 'not_found' },
  ],
  // Questions about another team's account are not_found; the query log lists the asking team's questions only.
  'Query.aiQueries': [{ query: '{ aiQueries(first: 100) { data { query_id original_query account_id answer } } }', expect: 'none_of_bob' }],
  'Mutation.aiQuery': [{ query: 'mutation($id: ID) { aiQuery(query: "how much did I deposit", account_id: $id) { answer } }', variables: (f) => ({ id: f.account }), expect: 'not_found' }],
  'Mutation.aiTransactions': [{ query: 'mutation($id: ID) { aiTransactions(query: "deposits", account_id: $id) { transactions { uuid } } }', variables: (f) => ({ id: f.account }), expect: 'not_found' }],
  'Query.ledgerTrialBalance': [{ query: '{ ledgerTrialBalance { balanced holdings { asset_code lines { account accounts debits credits } } } }', expect: 'none_of_bob' }],
  'Query.ledgerMovement': [{ query: 'query($id: ID!) { ledgerMovement(id: $id) { id } }', variables: (f) => ({ id: f.movement }), expect: 'not_found' }],
  'Query.ledgerAccountPostings': [{ query: 'query($id: ID!) { ledgerAccountPostings(account_id: $id) { data { movement_id } } }', variables: (f) => ({ id: f.account }), expect: 'not_found' }],
  'Query.batch': [{ query: 'query($id: ID!) { batch(id: $id) { id } }', variables: (f) => ({ id: f.batch }), expect: 'not_found' }],
  'Query.batches': [{ query: '{ batches(first: 100) { data { id } } }', expect: 'none_of_bob' }],
  'Query.batchItems': [{ query: 'query($id: ID!) { batchItems(batch_id: $id) { data { from_account } } }', variables: (f) => ({ id: f.batch }), expect: 'not_found' }],
  // Accepted (items are checked when applied), shows nothing of Bob's; its item fails with not_found and moves nothing of his.
  'Mutation.createBatch': [
    {
      query: 'mutation($input: CreateBatchInput!) { createBatch(input: $input) { id status total } }',
      variables: (f) => ({ input: { type: 'transfer', items: [{ from_account: f.account, to_account: f.adaAccount, amount: '1.00', asset_code: 'USD' }] } }),
      expect: 'none_of_bob',
    },
  ],
  'Query.products': [{ query: '{ products(first: 100) { data { id name } } }', expect: 'none_of_bob', absent: ['Bob Saver'] }],
  'Query.productActivations': [{ query: '{ productActivations(first: 100) { data { id product_id account_id } } }', expect: 'none_of_bob' }],
  'Mutation.createProduct': [{ query: 'mutation { createProduct(input: {name: "Ada Saver", account_type: "savings", asset_code: "USD", interest_rate_bps: 100}) { id name } }', expect: 'none_of_bob' }],
  'Mutation.activateProduct': [
    { query: 'mutation($p: ID!, $a: ID!) { activateProduct(product_id: $p, account_id: $a) { id } }', variables: (f) => ({ p: f.product, a: f.adaAccount }), expect: 'not_found' },
  ],
  // Issue 19 part G: regtech, partner, mobile, x402, card-issuance, crosschain fields for their remaining REST operations.
  'Query.x402Status': [{ query: '{ x402Status { enabled networks counts { endpoints payments { verified settled failed } } } }', expect: 'none_of_bob' }],
  'Query.x402Supported': [{ query: '{ x402Supported { networks { network assets { asset contract } } schemes x402_versions } }', expect: 'none_of_bob' }],
  'Mutation.updateCardControls': [{ query: 'mutation($id: ID!) { updateCardControls(id: $id, input: {daily_limit: "1.00"}) { id } }', variables: (f) => ({ id: f.card }), expect: 'not_found' }],
  'Mutation.authorizeCard': [
    { query: 'mutation($id: ID!) { authorizeCard(card_id: $id, input: {amount: "1.00", merchant_name: "Ada Shop", merchant_category: "5411"}) { id } }', variables: (f) => ({ id: f.card }), expect: 'not_found' },
  ],
  'Mutation.captureCardAuthorization': [{ query: 'mutation($id: ID!) { captureCardAuthorization(id: $id) { id } }', variables: (f) => ({ id: f.cardAuthorization }), expect: 'not_found' }],
  'Mutation.reverseCardAuthorization': [{ query: 'mutation($id: ID!) { reverseCardAuthorization(id: $id) { id } }', variables: (f) => ({ id: f.cardAuthorization }), expect: 'not_found' }],
  'Mutation.armBridgeFault': [{ query: 'mutation { armBridgeFault(input: {protocol: "layerzero", fault: "fail", count: 1}) { faults { protocol remaining } } }', expect: 'refused' }],
  // With an API key there is no session to end (not_a_session); Bob's sessions stay (checked at the end).
  'Mutation.signOutMobileSession': [{ query: 'mutation { signOutMobileSession { id } }', expect: 'refused' }],
  'Query.partnerWhitelabel': [{ query: '{ partnerWhitelabel { partner_id version } }', expect: 'refused' }],
  'Mutation.putPartnerWhitelabel': [{ query: 'mutation { putPartnerWhitelabel(input: {logo_url: "https://ada.example/logo.svg", primary_color: "#123456"}) { version } }', expect: 'refused' }],
  'Mutation.generatePartnerSdk': [{ query: 'mutation { generatePartnerSdk(input: {language: "typescript", branding: {name: "Ada Pay"}}) { id } }', expect: 'refused' }],
  'Mutation.generatePartnerSdks': [{ query: 'mutation { generatePartnerSdks(input: {languages: ["typescript"], api_version: "v2"}) { generation_id } }', expect: 'refused' }],
  'Mutation.suspendPartner': [{ query: 'mutation($id: ID!) { suspendPartner(id: $id) { id } }', variables: (f) => ({ id: f.account }), expect: 'refused' }],
  'Mutation.reactivatePartner': [{ query: 'mutation($id: ID!) { reactivatePartner(id: $id) { id } }', variables: (f) => ({ id: f.account }), expect: 'refused' }],
  'Mutation.revokePartner': [{ query: 'mutation($id: ID!) { revokePartner(id: $id) { id } }', variables: (f) => ({ id: f.account }), expect: 'refused' }],
  // A check takes any reference as transfer_id (it needs no core-banking transfer): Ada's check of "Bob's" reference is hers and shows nothing of his.
  'Mutation.checkTravelRule': [{ query: `mutation($input: TravelRuleCheckInput!) { checkTravelRule(input: $input) { check_id is_compliant risk_level sanctions_screening { originator_screening_id } } }`, variables: (f) => ({ input: TRAVEL_CHECK(f.transfer) }), expect: 'none_of_bob' }],
  'Query.travelRuleCheck': [{ query: 'query($id: ID!) { travelRuleCheck(id: $id) { check_id } }', variables: (f) => ({ id: f.travelRuleCheck }), expect: 'not_found' }],
  'Mutation.submitTravelRuleTransfer': [
    {
      query: 'mutation($input: TravelRuleSubmissionInput!) { submitTravelRuleTransfer(input: $input) { submission_id } }',
      variables: (f) => ({ input: { transfer_id: f.transfer, originator: { name: 'Ada Lovelace', account: f.account }, beneficiary: { name: 'Charles Babbage', vasp_id: 'Engine Bank', vasp_country: 'GB' }, amount: '5.00', currency: 'USD' } }),
      expect: 'not_found',
    },
  ],
  'Query.travelRuleSubmission': [{ query: 'query($id: ID!) { travelRuleSubmission(id: $id) { submission_id } }', variables: (f) => ({ id: f.travelRuleSubmission }), expect: 'not_found' }],
  'Mutation.loadSanctionsList': [{ query: 'mutation { loadSanctionsList(input: {source: "un_sc", format: "xml", content: "<CONSOLIDATED_LIST/>"}) { version } }', expect: 'refused' }],
  'Query.sanctionsLists': [{ query: '{ sanctionsLists { lists { source version } } }', expect: 'refused' }],
  'Query.pendingReviews': [{ query: '{ pendingReviews { review_id team_id } }', expect: 'refused' }],
  'Mutation.clearReview': [{ query: 'mutation($id: ID!) { clearReview(id: $id, note: "ada") { review_id } }', variables: (f) => ({ id: f.review }), expect: 'refused' }],
  'Mutation.rejectReview': [{ query: 'mutation($id: ID!) { rejectReview(id: $id, note: "ada") { review_id } }', variables: (f) => ({ id: f.review }), expect: 'refused' }],
  'Query.micaIssuer': [{ query: 'query($id: String!) { micaIssuer(issuer_id: $id) { issuer_id } }', variables: (f) => ({ id: f.micaIssuer }), expect: 'refused' }],
  'Query.micaIssuers': [{ query: '{ micaIssuers { issuers { issuer_id } } }', expect: 'refused' }],
  'Mutation.putMicaIssuer': [{ query: 'mutation($id: String!) { putMicaIssuer(issuer_id: $id, input: {name: "Ada EMI", home_member_state: "FR", licences: []}) { issuer_id } }', variables: (f) => ({ id: f.micaIssuer }), expect: 'refused' }],
  'Mutation.fileMicaWhitePaper': [
    {
      query: 'mutation($id: String!) { fileMicaWhitePaper(input: {issuer_id: $id, asset_type: "emt", token_name: "ADAX", hash: "sha256:' + 'c'.repeat(64) + '", notified_on: "2026-09-01"}) { id } }',
      variables: (f) => ({ id: f.micaIssuer }),
      expect: 'refused',
    },
  ],
  'Query.card': [{ query: 'query($id: ID!) { card(id: $id) { id } }', variables: (f) => ({ id: f.card }), expect: 'not_found' }],
  'Query.cards': [{ query: '{ cards(first: 100) { data { id cardholder_id account_id last4 } } }', expect: 'none_of_bob' }],
  'Query.cardholder': [{ query: 'query($id: ID!) { cardholder(id: $id) { id } }', variables: (f) => ({ id: f.cardholder }), expect: 'not_found' }],
  'Query.cardholders': [{ query: '{ cardholders(first: 100) { data { id name } } }', expect: 'none_of_bob', absent: ['Bob Holder'] }],
  'Query.cardTransactions': [{ query: 'query($id: ID!) { cardTransactions(card_id: $id) { data { id } } }', variables: (f) => ({ id: f.card }), expect: 'not_found' }],
  'Mutation.createCardholder': [{ query: 'mutation { createCardholder(input: { name: "Ada Holder" }) { id } }', expect: 'none_of_bob' }],
  'Mutation.createCard': [
    {
      query: 'mutation($input: CreateCardInput!) { createCard(input: $input) { id } }',
      variables: (f) => ({ input: { cardholder_id: f.cardholder, account_id: f.account, currency: 'USD' } }),
      expect: 'not_found',
    },
  ],
  'Mutation.freezeCard': [{ query: 'mutation($id: ID!) { freezeCard(id: $id) { id } }', variables: (f) => ({ id: f.card }), expect: 'not_found' }],
  'Mutation.unfreezeCard': [{ query: 'mutation($id: ID!) { unfreezeCard(id: $id) { id } }', variables: (f) => ({ id: f.card }), expect: 'not_found' }],
  'Mutation.cancelCard': [{ query: 'mutation($id: ID!) { cancelCard(id: $id) { id } }', variables: (f) => ({ id: f.card }), expect: 'not_found' }],
  'Query.certificate': [{ query: 'query($id: ID!) { certificate(id: $id) { id } }', variables: (f) => ({ id: f.certificate }), expect: 'not_found' }],
  'Query.certificates': [{ query: 'query($u: ID) { certificates(user_id: $u, first: 100) { data { id user_id token } } }', variables: () => ({ u: bob.userId }), expect: 'none_of_bob' }],
  // Any team may verify a token it is shown (the token carries its claims); Ada holds none of Bob's.
  'Query.verifyCertificate': [{ query: '{ verifyCertificate(token: "a.b.c") { valid reason certificate_id } }', expect: 'none_of_bob' }],
  'Mutation.issueCertificate': [
    { query: 'mutation($u: ID!) { issueCertificate(input: { user_id: $u, verification_level: "basic" }) { id } }', variables: () => ({ u: bob.userId }), expect: 'not_found' },
  ],
  'Mutation.revokeCertificate': [{ query: 'mutation($id: ID!) { revokeCertificate(id: $id) { id } }', variables: (f) => ({ id: f.certificate }), expect: 'not_found' }],
  'Query.recoveryKey': [{ query: 'query($id: ID!) { recoveryKey(id: $id) { id } }', variables: (f) => ({ id: f.recoveryKey }), expect: 'not_found' }],
  'Query.recoveryKeys': [{ query: '{ recoveryKeys(first: 100) { data { id fingerprint } } }', expect: 'none_of_bob' }],
  'Query.inventoryKey': [
    { query: 'query($id: ID!) { inventoryKey(kind: "api_key", id: $id) { id } }', variables: (f) => ({ id: f.apiKey }), expect: 'not_found' },
    { query: 'query($id: ID!) { inventoryKey(kind: "webhook_secret", id: $id) { id } }', variables: (f) => ({ id: f.webhook }), expect: 'not_found' },
  ],
  'Query.inventoryKeys': [{ query: '{ inventoryKeys(first: 100) { data { kind id label owner fingerprint } } }', expect: 'none_of_bob' }],
  'Query.keyReconstructionLogs': [{ query: 'query($id: ID!) { keyReconstructionLogs(recovery_key_id: $id) { data { id } } }', variables: (f) => ({ id: f.recoveryKey }), expect: 'not_found' }],
  // Even with Bob's own shares, Ada's team cannot reach his key.
  'Mutation.verifyKeyShares': [
    { query: 'mutation($id: ID!, $s: [String!]!) { verifyKeyShares(recovery_key_id: $id, shares: $s) { matches } }', variables: (f) => ({ id: f.recoveryKey, s: f.recoveryShares }), expect: 'not_found' },
  ],
  // Rounds are the bank's: Ada reads the round Bob invested in, never his investment.
  'Query.privacyRequest': [{ query: 'query($id: ID!) { privacyRequest(id: $id) { id user_id } }', variables: (f) => ({ id: f.privacyRequest }), expect: 'not_found' }],
  'Query.privacyRequests': [{ query: '{ privacyRequests(first: 100) { data { id user_id team_id } } }', expect: 'none_of_bob' }],
  'Mutation.createPrivacyRequest': [
    { query: 'mutation($u: ID!) { createPrivacyRequest(user_id: $u, type: "erasure") { id } }', variables: () => ({ u: bob.userId }), expect: 'not_found' },
    { query: 'mutation($u: ID!, $t: ID!) { createPrivacyRequest(user_id: $u, type: "erasure", team_id: $t) { id } }', variables: () => ({ u: bob.userId, t: bob.teamId }), expect: 'refused' },
  ],
  'Query.cgoRound': [{ query: 'query($id: ID!) { cgoRound(id: $id) { id status } }', variables: (f) => ({ id: f.cgoRound }), expect: 'none_of_bob' }],
  'Query.cgoRounds': [{ query: '{ cgoRounds(first: 100) { data { id } } }', expect: 'none_of_bob' }],
  'Query.cgoInvestment': [{ query: 'query($id: ID!) { cgoInvestment(id: $id) { id } }', variables: (f) => ({ id: f.cgoInvestment }), expect: 'not_found' }],
  'Query.cgoInvestments': [{ query: 'query($r: ID) { cgoInvestments(round_id: $r, first: 100) { data { id account_id } } }', variables: (f) => ({ r: f.cgoRound }), expect: 'none_of_bob' }],
  'Mutation.cgoInvest': [{ query: 'mutation($r: ID!, $a: ID!) { cgoInvest(round_id: $r, account_id: $a, units: 1) { id } }', variables: (f) => ({ r: f.cgoRound, a: f.account }), expect: 'not_found' }],
  'Mutation.openCgoRound': [
    {
      query: 'mutation { openCgoRound(input: {name: "Ada round", asset_code: "USD", price_per_unit: "1.00", min_units_per_investor: 1, max_units_per_investor: 10, hard_cap_units: 100, closes_at: "2099-01-01T00:00:00.000Z"}) { id } }',
      expect: 'refused',
    },
  ],
  'Mutation.closeCgoRound': [{ query: 'mutation($id: ID!) { closeCgoRound(id: $id) { allocated_units } }', variables: (f) => ({ id: f.cgoRound }), expect: 'refused' }],
  'Query.webhookEventTypes': [{ query: '{ webhookEventTypes { group events { name available } } }', expect: 'none_of_bob' }],
  'Query.webhooks': [{ query: '{ webhooks(first: 100) { data { id url description } } }', expect: 'none_of_bob', absent: ['bob-hook'] }],
  'Query.webhook': [{ query: 'query($id: ID!) { webhook(id: $id) { id } }', variables: (f) => ({ id: f.webhook }), expect: 'not_found' }],
  'Query.webhookDeliveries': [{ query: 'query($id: ID!) { webhookDeliveries(webhook_id: $id) { data { id } } }', variables: (f) => ({ id: f.webhook }), expect: 'not_found' }],
  'Query.webhookOutbox': [{ query: 'query($id: ID!) { webhookOutbox(webhook_id: $id) { data { id } } }', variables: (f) => ({ id: f.webhook }), expect: 'not_found' }],
  'Mutation.createWebhook': [
    { query: 'mutation { createWebhook(input: {url: "http://127.0.0.1:9/ada-hook", events: ["*"], active: false, secret: "ada-secret-0123456789"}) { id url } }', expect: 'none_of_bob', absent: ['bob-hook'] },
  ],
  'Mutation.updateWebhook': [{ query: 'mutation($id: ID!) { updateWebhook(id: $id, input: {description: "ada was here"}) { id } }', variables: (f) => ({ id: f.webhook }), expect: 'not_found' }],
  'Mutation.deleteWebhook': [{ query: 'mutation($id: ID!) { deleteWebhook(id: $id) { id } }', variables: (f) => ({ id: f.webhook }), expect: 'not_found' }],
  'Mutation.testWebhook': [{ query: 'mutation($id: ID!) { testWebhook(id: $id) { delivery_id } }', variables: (f) => ({ id: f.webhook }), expect: 'not_found' }],
  'Mutation.freezeAccount': [{ query: 'mutation($id: ID!) { freezeAccount(id: $id, reason: "ada") { id status } }', variables: (f) => ({ id: f.account }), expect: 'not_found' }],
  'Mutation.unfreezeAccount': [{ query: 'mutation($id: ID!) { unfreezeAccount(id: $id) { id status } }', variables: (f) => ({ id: f.account }), expect: 'not_found' }],
  'Mutation.closeAccount': [{ query: 'mutation($id: ID!) { closeAccount(id: $id) { id status } }', variables: (f) => ({ id: f.otherAccount }), expect: 'not_found' }],
  'Query.teamTransactions': [{ query: '{ teamTransactions(first: 100) { data { uuid account_uuid } } }', expect: 'none_of_bob' }],
  // Operator fields: an ordinary team's key is refused before anything runs.
  'Query.ledgerAudit': [{ query: '{ ledgerAudit { ok totals { team_id asset_code customer_balances } } }', expect: 'refused' }],
  'Mutation.createGcuProposal': [
    {
      query: 'mutation { createGcuProposal(input: {title: "Ada", kind: "parameter", parameter: {name: "quorum", value: "0.2"}, voting_starts_at: "2026-03-01T00:00:00Z", voting_ends_at: "2026-03-08T00:00:00Z"}) { id } }',
      expect: 'refused',
    },
  ],
  'Mutation.rebalanceGcu': [{ query: 'mutation { rebalanceGcu { at rebalanced_to_version } }', expect: 'refused' }],
  // The live dashboard: a team key reads its own team's figures (no ids); the re-drive is the operator's.
  'Query.dashboardMetrics': [{ query: '{ dashboardMetrics { scope events { total by_type { name count } } errors { parked_total } } }', expect: 'none_of_bob' }],
  'Query.dashboardDomainHealth': [{ query: '{ dashboardDomainHealth { scope domains { domain events_total } projectors { group pending_events } } }', expect: 'none_of_bob' }],
  'Query.dashboardEventThroughput': [{ query: '{ dashboardEventThroughput { scope total { events } domains { domain events } } }', expect: 'none_of_bob' }],
  'Query.dashboardStreamStatus': [{ query: '{ dashboardStreamStatus { scope head_position consumer_groups { group last_error } parked_recent { event_id } } }', expect: 'none_of_bob' }],
  'Query.dashboardProjectorLag': [{ query: '{ dashboardProjectorLag { scope head_position projectors { group last_error } webhook_deliveries { pending } } }', expect: 'none_of_bob' }],
  'Mutation.redriveParkedEvents': [{ query: 'mutation { redriveParkedEvents(group: "webhooks.fanout") { handled results { event_id } } }', expect: 'refused' }],
  'Query.merchant': [{ query: 'query($id: ID!) { merchant(id: $id) { id } }', variables: (f) => ({ id: f.merchant }), expect: 'not_found' }],
  'Query.merchants': [{ query: '{ merchants(first: 100) { data { id name settlement_account_id } } }', expect: 'none_of_bob', absent: ['Bob Bakery'] }],
  'Query.invoice': [{ query: 'query($id: ID!) { invoice(id: $id) { id } }', variables: (f) => ({ id: f.invoice }), expect: 'not_found' }],
  'Query.invoices': [{ query: '{ invoices(first: 100) { data { id merchant_id pay_code } } }', expect: 'none_of_bob' }],
  // A pay code is the payment link a merchant hands out: whoever holds it sees the request; Ada holds none of Bob's.
  'Query.paymentRequest': [{ query: '{ paymentRequest(code: "pay_00000000000000000000000000000000") { pay_code } }', expect: 'not_found' }],
  'Mutation.submitMerchantApplication': [
    { query: 'mutation($a: String!) { submitMerchantApplication(input: { name: "Ada Shop", settlement_account_id: $a }) { id } }', variables: (f) => ({ a: f.account }), expect: 'not_found' },
  ],
  'Mutation.approveMerchant': [{ query: 'mutation($id: ID!) { approveMerchant(id: $id) { id } }', variables: (f) => ({ id: f.merchant }), expect: 'refused' }],
  'Mutation.suspendMerchant': [{ query: 'mutation($id: ID!) { suspendMerchant(id: $id, reason: "no") { id } }', variables: (f) => ({ id: f.merchant }), expect: 'refused' }],
  'Mutation.createInvoice': [
    {
      query: 'mutation($m: String!) { createInvoice(input: { merchant_id: $m, amount: "1.00", asset_code: "USD", due_at: "2099-01-01T00:00:00Z" }) { id } }',
      variables: (f) => ({ m: f.merchant }),
      expect: 'not_found',
    },
  ],
  'Mutation.voidInvoice': [{ query: 'mutation($id: ID!) { voidInvoice(id: $id) { id } }', variables: (f) => ({ id: f.invoice }), expect: 'not_found' }],
  // Even with Bob's pay code, Ada cannot pay from Bob's account.
  'Mutation.payInvoice': [
    { query: 'mutation($c: String!, $a: ID!) { payInvoice(code: $c, account_id: $a) { movement_id } }', variables: (f) => ({ c: f.payCode, a: f.account }), expect: 'not_found' },
  ],
  // Quests are the bank's: Ada reads Bob's quest, never Bob's progress (none of hers counts Bob's captures).
  'Query.rewardProfile': [{ query: '{ rewardProfile { status points lifetime_points } }', expect: 'not_found' }],
  'Query.rewardEarnings': [{ query: '{ rewardEarnings(first: 100) { data { id source_id } } }', expect: 'none_of_bob' }],
  'Query.rewardQuests': [{ query: '{ rewardQuests { id name progress completed_at } }', expect: 'none_of_bob' }],
  'Query.rewardRedemptions': [{ query: '{ rewardRedemptions(first: 100) { data { id account_id movement_id } } }', expect: 'none_of_bob' }],
  'Mutation.enrollRewards': [{ query: 'mutation { enrollRewards { status points } }', expect: 'none_of_bob' }],
  'Mutation.optOutOfRewards': [{ query: 'mutation { optOutOfRewards { status } }', expect: 'none_of_bob' }],
  'Mutation.createRewardQuest': [{ query: 'mutation { createRewardQuest(input: { name: "Ada quest", event: "card_capture", target: 1, bonus_points: "1" }) { id } }', expect: 'refused' }],
  'Mutation.redeemRewardPoints': [
    { query: 'mutation($a: String!) { redeemRewardPoints(input: { points: "100", account_id: $a }) { id } }', variables: (f) => ({ a: f.account }), expect: 'not_found' },
  ],
  // The figures are each team's own: Bob's outstanding 7.77 USDB is in none of Ada's answers.
  'Query.stablecoinReserves': [{ query: '{ stablecoinReserves { code outstanding_supply reserve_assets } }', expect: 'none_of_bob', absent: ['7.77'] }],
  'Query.stablecoinReserve': [{ query: '{ stablecoinReserve(code: "USDB") { outstanding_supply reserve_assets coverage_ratio } }', expect: 'none_of_bob', absent: ['7.77'] }],
  'Query.stablecoinIssuances': [{ query: '{ stablecoinIssuances(code: "USDB", first: 100) { data { id account_id amount } } }', expect: 'none_of_bob', absent: ['7.77'] }],
  'Mutation.mintStablecoin': [
    { query: 'mutation($id: ID!) { mintStablecoin(input: {code: "USDB", account_id: $id, amount: "1.00"}) { id } }', variables: (f) => ({ id: f.account }), expect: 'not_found' },
  ],
  'Mutation.redeemStablecoin': [
    { query: 'mutation($id: ID!) { redeemStablecoin(input: {code: "USDB", account_id: $id, amount: "1.00"}) { id } }', variables: (f) => ({ id: f.account }), expect: 'not_found' },
  ],
  'Query.custodianAccount': [{ query: 'query($id: ID!) { custodianAccount(id: $id) { id } }', variables: (f) => ({ id: f.custodianAccount }), expect: 'not_found' }],
  'Query.custodianAccounts': [{ query: '{ custodianAccounts(first: 100) { data { id account_id external_id } } }', expect: 'none_of_bob' }],
  'Query.custodianBalances': [{ query: 'query($id: ID!) { custodianBalances(custodian_account_id: $id) { holding } }', variables: (f) => ({ id: f.custodianAccount }), expect: 'not_found' }],
  'Query.iso20022Message': [{ query: 'query($id: ID!) { iso20022Message(id: $id) { id xml } }', variables: (f) => ({ id: f.isoMessage }), expect: 'not_found' }],
  'Query.iso20022Messages': [{ query: '{ iso20022Messages(first: 100) { data { id message_id account_id } } }', expect: 'none_of_bob' }],
  'Mutation.exportPacs008': [{ query: 'mutation($t: ID!) { exportPacs008(transfer_id: $t) { id } }', variables: (f) => ({ t: f.transfer }), expect: 'not_found' }],
  'Mutation.exportCamt053': [
    {
      query: 'mutation($input: ExportCamt053Input!) { exportCamt053(input: $input) { id xml } }',
      variables: (f) => ({ input: { account_id: f.account, currency: 'USD', from: '2026-01-01', to: '2026-01-24' } }),
      expect: 'not_found',
    },
  ],
  // Validation reads only the document it is sent; Ada has none of Bob's.
  'Mutation.validateIso20022': [{ query: 'mutation { validateIso20022(document: "<Document/>") { valid findings { pointer code } } }', expect: 'none_of_bob' }],
  'Mutation.revokeApiKey': [{ query: 'mutation($id: ID!) { revokeApiKey(id: $id) { id } }', variables: (f) => ({ id: f.apiKey }), expect: 'not_found' }],
};

function TRANSFER(): string {
  return 'mutation($input: CreateTransferInput!) { createTransfer(input: $input) { uuid } }';
}

function BASKET(field: string): string {
  return `mutation($input: BasketExchangeInput!) { ${field}(input: $input) { basket_amount } }`;
}

/** Arguments that name an object (ids, accounts), at the top level or inside an input object. */
function idLike(args: readonly (GraphQLArgument | GraphQLInputField)[]): boolean {
  return args.some((arg) => {
    const type = getNamedType(arg.type);
    if (type.name === 'ID' || /(^id$|_id$|Id$|_account$)/.test(arg.name)) return true;
    return isInputObjectType(type) && idLike(Object.values(type.getFields()));
  });
}

test.before(async () => {
  g = await bootGraphql({
    rateLimits: false,
    config: {
      prices: { source: 'simulated', seed: 'tenancy', epoch: '2025-12-25T00:00:00Z' },
      // The stablecoin module's token (an asset of its own in the catalogue, backed by USD).
      assets: [...DEFAULT_ASSETS, { code: 'USDB', name: 'Bank USD e-money token', type: 'crypto', precision: 2 }],
      usdPrices: { ...DEFAULT_USD_PRICES, USDB: '1' },
      pluginConfig: { webhooks: { allow_private: true }, stablecoin: { tokens: { USDB: { reference_asset: 'USD' } } }, gcu: { tick_interval_ms: 0 }, regtech: { reporting_entity_lei: '5493001KJTIIGC8Y1R12', instruments: { XAU: { isin: 'XS00000XAU05' } } } },
    } as any,
  });
  ada = await g.createUser('Ada');
  bob = await g.createUser('Bob');
  const open = async (user: TestUser, name: string) => (await data(g, `mutation { createAccount(input: {name: "${name}"}) { id } }`, undefined, user.key)).createAccount.id as string;
  const fund = async (user: TestUser, account: string, funds: Record<string, string>) => {
    for (const [asset, amount] of Object.entries(funds)) {
      await data(g, 'mutation($id: ID!, $amount: String!, $asset: String!) { deposit(input: {account_id: $id, amount: $amount, asset_code: $asset}) { uuid } }', { id: account, amount, asset }, user.key);
    }
  };
  const adaAccount = await open(ada, 'Ada main');
  await fund(ada, adaAccount, FUNDING);
  const account = await open(bob, 'Bob main');
  const otherAccount = await open(bob, 'Bob trading');
  await fund(bob, account, { ...FUNDING, BTC: '1.00000000' });
  await fund(bob, otherAccount, { USD: '1000.00' });
  const transfer = (await data(g, `mutation($input: CreateTransferInput!) { createTransfer(input: $input) { uuid } }`, { input: { from_account: account, to_account: otherAccount, amount: '5.00', asset_code: 'USD' } }, bob.key)).createTransfer.uuid;
  const PLACE = 'mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { id } }';
  const order = (await data(g, PLACE, { input: { pair: 'BTC/USD', side: 'SELL', type: 'LIMIT', amount: '0.50000000', price: '600.00', account_id: account } }, bob.key)).placeOrder.id;
  await data(g, PLACE, { input: { pair: 'BTC/USD', side: 'BUY', type: 'LIMIT', amount: '0.10000000', price: '600.00', account_id: otherAccount } }, bob.key);
  const trade = (await data(g, '{ trades { data { id } } }', undefined, bob.key)).trades.data[0].id;
  const key = await g.request('POST', '/api/v2/api-keys', { key: bob.key, body: { name: 'second' } });
  assert.is(key.status, 201, JSON.stringify(key.body));
  // Both teams hold GCU at the snapshot; Bob votes.
  for (const [user, id] of [[ada, adaAccount], [bob, account]] as const) {
    await data(g, 'mutation($input: BasketExchangeInput!) { composeBasket(input: $input) { basket_amount } }', { input: { account_id: id, basket_code: 'GCU', amount: '1000.0000' } }, user.key);
  }
  g.k.clock.set('2026-01-26T00:00:00Z');
  await tick(g.k);
  const proposal = (await data(g, '{ gcuProposals(status: "active") { id } }', undefined, bob.key)).gcuProposals[0].id;
  await data(g, 'mutation($id: ID!) { castGcuVote(proposal_id: $id, vote: "for") { vote } }', { id: proposal }, bob.key);
  const QUOTE = 'mutation { quoteSwap(input: {chain: "ethereum", token_in: "USDC", token_out: "WETH", amount_in: "2500"}) { quote_id } }';
  const swapQuote = (await data(g, QUOTE, undefined, bob.key)).quoteSwap.quote_id;
  await data(g, 'mutation($id: ID!) { deposit(input: {account_id: $id, amount: "500", asset_code: "USDC", chain: "base"}) { uuid } }', { id: account }, bob.key);
  const EXECUTE = 'mutation($id: ID!) { executeSwap(input: {from_token: "USDC", to_token: "WETH", amount: "100", chain: "base", account_id: $id}) { swap_id } }';
  const swap = (await data(g, EXECUTE, { id: account }, bob.key)).executeSwap.swap_id;
  const screening = (await data(g, 'mutation { screenParty(input: {name: "Ri Song Chol"}) { screening_id } }', undefined, bob.key)).screenParty.screening_id;
  const deposit = (await data(g, 'mutation($id: ID!) { deposit(input: {account_id: $id, amount: "1.000", asset_code: "XAU"}) { uuid } }', { id: otherAccount }, bob.key)).deposit.uuid;
  const REPORT = 'mutation($input: SubmitMifirReportInput!) { submitMifirReport(input: $input) { report_id } }';
  const mifirReport = (await data(g, REPORT, { input: { transaction_id: deposit, report_type: 'transaction', jurisdiction: 'DE', buyer_id: 'DE19800101JOHN#DOE##' } }, bob.key)).submitMifirReport.report_id;
  const flagged = (await data(g, `mutation($input: CreateTransferInput!) { createTransfer(input: $input) { uuid } }`, { input: { from_account: account, to_account: otherAccount, amount: '20000.00', asset_code: 'USD' } }, bob.key)).createTransfer.uuid;
  await g.k.get(EventBackbone).drain();
  const micaIssuer = 'EURO-EMI-1';
  const registered = await g.request('PUT', `/api/v2/admin/regtech/mica/issuers/${micaIssuer}`, { key: g.k.operatorKey, body: { name: 'Euro EMI SA', home_member_state: 'LU', licences: ['e_money_institution'] } });
  assert.is(registered.status, 200, JSON.stringify(registered.body));
  await data(g, `mutation { checkMica(input: {asset_type: "emt", issuer_id: "${micaIssuer}", whitepaper_hash: "sha256:${'b'.repeat(64)}"}) { check_id } }`, undefined, bob.key);
  assert.is((await data(g, 'query($id: String!) { flaggedTransaction(transaction_id: $id) { risk_score } }', { id: flagged }, bob.key)).flaggedTransaction.risk_score, 40);
  await g.request('POST', `/api/v2/accounts/${account}/deposit`, { key: bob.key, body: { amount: '100', asset_code: 'USDC' } });
  const lendingPosition = (await data(g, 'mutation($a: ID!) { supplyLending(input: {token: "USDC", amount: "50", account_id: $a}) { position_id } }', { a: account }, bob.key)).supplyLending.position_id;
  await g.request('POST', `/api/v2/accounts/${account}/deposit`, { key: bob.key, body: { amount: '1', asset_code: 'WETH', chain: 'base' } });
  await g.request('POST', `/api/v2/accounts/${account}/deposit`, { key: bob.key, body: { amount: '100', asset_code: 'USDC', chain: 'base' } });
  const liquidityPosition = (await data(g, 'mutation($a: String) { addLiquidity(input: {pool_id: "base:uniswap_v3:USDC-WETH:500", token: "USDC", amount: "10", account_id: $a}) { position_id } }', { a: account }, bob.key)).addLiquidity.position_id;
  const yieldPosition = (await data(g, 'mutation($a: String) { stake(input: {program: "staking:WETH", chain: "base", amount: "0.1", account_id: $a}) { position_id } }', { a: account }, bob.key)).stake.position_id;
  const ENDPOINT = 'mutation($id: ID!) { createX402Endpoint(input: {path: "/api/v2/gcu/composition", price_usd_cents: 1, network: "eip155:8453", asset: "USDC", account_id: $id}) { id } }';
  const x402Endpoint = (await data(g, ENDPOINT, { id: account }, bob.key)).createX402Endpoint.id;
  await g.request('POST', `/api/v2/accounts/${account}/deposit`, { key: bob.key, body: { amount: '100', asset_code: 'USDC' } });
  const bridgeQuote = (await data(g, 'mutation { quoteBridge(input: {source_chain: "ethereum", destination_chain: "base", token: "USDC", amount: "20"}) { quote_id } }', undefined, bob.key)).quoteBridge.quote_id;
  const BRIDGE = 'mutation($id: ID!) { bridge(input: {source_chain: "ethereum", destination_chain: "base", token: "USDC", amount: "20", account_id: $id}) { bridge_tx_id } }';
  const bridgeTransfer = (await data(g, BRIDGE, { id: account }, bob.key)).bridge.bridge_tx_id;
  const CROSS_SWAP = 'mutation($id: ID!) { swapCrossChain(input: {source_chain: "ethereum", destination_chain: "base", from_token: "USDC", to_token: "WETH", amount: "20", account_id: $id}) { swap_id } }';
  const crossChainSwap = (await data(g, CROSS_SWAP, { id: account }, bob.key)).swapCrossChain.swap_id;
  await data(g, 'mutation { setTreasuryAllocation(input: {token: "USDC", targets: [{chain: "base", percent: "77"}, {chain: "ethereum", percent: "23"}]}) { token } }', undefined, bob.key);
  const treasuryRebalance = (await data(g, 'mutation($a: ID) { rebalanceTreasury(input: {token: "USDC", account_id: $a, dry_run: true}) { id } }', { a: account }, bob.key)).rebalanceTreasury.id;
  await data(g, 'mutation { setX402SpendingLimits(input: {daily_usd: "2.00", per_request_usd: "0.50"}) { configured } }', undefined, bob.key);
  await data(g, 'mutation($id: String!) { putX402Agent(api_key_id: $id, input: {name: "bob-agent", daily_usd: "0.20"}) { name } }', { id: key.body.data.id }, bob.key);
  const mobile = await mobileFixture(account, adaAccount);
  const postings = await g.request('GET', `/api/v2/ledger/accounts/${account}/postings?per_page=100`, { key: bob.key });
  const movement = postings.body.data.at(-1).movement_id as string;
  const BATCH = 'mutation($input: CreateBatchInput!) { createBatch(input: $input) { id } }';
  const product = (await data(g, 'mutation { createProduct(input: {name: "Bob Saver", account_type: "savings", asset_code: "USD", interest_rate_bps: 250}) { id } }', undefined, bob.key)).createProduct.id as string;
  await data(g, 'mutation($p: ID!, $a: ID!) { activateProduct(product_id: $p, account_id: $a) { id } }', { p: product, a: account }, bob.key);
  const batch = (await data(g, BATCH, { input: { type: 'transfer', items: [{ from_account: account, to_account: otherAccount, amount: '1.00', asset_code: 'USD' }] } }, bob.key)).createBatch.id as string;
  const cardholder = (await data(g, 'mutation { createCardholder(input: { name: "Bob Holder" }) { id } }', undefined, bob.key)).createCardholder.id;
  const card = (await data(g, 'mutation($input: CreateCardInput!) { createCard(input: $input) { id } }', { input: { cardholder_id: cardholder, account_id: account, currency: 'USD' } }, bob.key)).createCard.id;
  const charged = await g.request('POST', `/api/v2/cards/${card}/authorizations`, { key: bob.key, body: { amount: '4.00', merchant_name: 'Bob Shop', merchant_category: '5411' } });
  assert.is(charged.body.data?.status, 'approved', JSON.stringify(charged.body));
  const certificate = (await data(g, 'mutation($u: ID!) { issueCertificate(input: { user_id: $u, verification_level: "standard" }) { id } }', { u: bob.userId }, bob.key)).issueCertificate.id;
  const recovery = await g.request('POST', '/api/v2/key-management/recovery-keys', { key: bob.key, body: { label: 'Bob backup', threshold: 2, shares: 3 } });
  assert.is(recovery.status, 201, JSON.stringify(recovery.body));
  const recoveryKey = recovery.body.data.id as string;
  const recoveryShares = (recovery.body.data.share_values as string[]).slice(0, 2);
  const round = await g.request('POST', '/api/v2/admin/cgo/rounds', {
    key: g.k.operatorKey,
    body: { name: 'Tenancy round', asset_code: 'USD', price_per_unit: '1.00', min_units_per_investor: 1, max_units_per_investor: 10, hard_cap_units: 100, closes_at: '2099-01-01T00:00:00.000Z' },
  });
  assert.is(round.status, 201, JSON.stringify(round.body));
  const cgoRound = round.body.data.id as string;
  const cgoInvestment = (await data(g, 'mutation($r: ID!, $a: ID!) { cgoInvest(round_id: $r, account_id: $a, units: 2) { id } }', { r: cgoRound, a: account }, bob.key)).cgoInvest.id as string;
  const cardAuthorization = charged.body.data.id as string;
  const travelRuleCheck = (await data(g, 'mutation($input: TravelRuleCheckInput!) { checkTravelRule(input: $input) { check_id } }', { input: TRAVEL_CHECK('bob-ref-1') }, bob.key)).checkTravelRule.check_id as string;
  const SUBMIT = 'mutation($input: TravelRuleSubmissionInput!) { submitTravelRuleTransfer(input: $input) { submission_id } }';
  const submission = { transfer_id: transfer, originator: { name: 'Bob Builder', account }, beneficiary: { name: 'Bob Builder', vasp_id: 'Open Bank', vasp_country: 'DE' }, amount: '5.00', currency: 'USD' };
  const travelRuleSubmission = (await data(g, SUBMIT, { input: submission }, bob.key)).submitTravelRuleTransfer.submission_id as string;
  const review = (await data(g, 'query($id: String!) { flaggedTransaction(transaction_id: $id) { review_id } }', { id: flagged }, bob.key)).flaggedTransaction.review_id as string;
  const WEBHOOK = 'mutation { createWebhook(input: {url: "http://127.0.0.1:9/bob-hook", events: ["*"], description: "bob-hook", active: false, secret: "bob-secret-0123456789"}) { id } }';
  const webhook = (await data(g, WEBHOOK, undefined, bob.key)).createWebhook.id as string;
  const merchant = (await data(g, 'mutation($a: String!) { submitMerchantApplication(input: { name: "Bob Bakery", settlement_account_id: $a }) { id } }', { a: account }, bob.key)).submitMerchantApplication.id;
  assert.is((await g.request('POST', `/api/v2/commerce/merchants/${merchant}/approve`, { key: g.k.operatorKey })).status, 200);
  const INVOICE = 'mutation($m: String!) { createInvoice(input: { merchant_id: $m, amount: "9.00", asset_code: "USD", due_at: "2099-01-01T00:00:00Z" }) { id pay_code } }';
  const bill = (await data(g, INVOICE, { m: merchant }, bob.key)).createInvoice;
  // Bob enrolled before his card's capture: the capture earns him points, and a quest of the bank counts it.
  assert.is((await g.request('POST', '/api/v2/rewards/quests', { key: g.k.operatorKey, body: { name: 'One capture', event: 'card_capture', target: 1, bonus_points: '10' } })).status, 201);
  await data(g, 'mutation { enrollRewards { status } }', undefined, bob.key);
  assert.is((await g.request('POST', `/api/v2/card-authorizations/${charged.body.data.id}/capture`, { key: bob.key, body: { amount: '2.00' } })).status, 200);
  await g.k.get(EventBackbone).drain();
  const bobEarnings = (await data(g, '{ rewardEarnings { data { id } } }', undefined, bob.key)).rewardEarnings.data.map((one: { id: string }) => one.id) as string[];
  assert.is(bobEarnings.length, 2, 'the capture and the quest bonus');
  const custodianLink = await g.request('POST', '/api/v2/custodian-accounts', { key: bob.key, body: { account_id: account } });
  assert.is(custodianLink.status, 201, JSON.stringify(custodianLink.body));
  const custodianAccount = custodianLink.body.data.id as string;
  assert.is((await g.request('POST', `/api/v2/custodian-accounts/${custodianAccount}/sync`, { key: bob.key })).status, 200);
  await data(g, 'mutation($id: ID!) { mintStablecoin(input: {code: "USDB", account_id: $id, amount: "7.77"}) { id } }', { id: account }, bob.key);
  const STATEMENT = 'mutation($input: ExportCamt053Input!) { exportCamt053(input: $input) { id } }';
  const isoMessage = (await data(g, STATEMENT, { input: { account_id: account, currency: 'USD', from: '2026-01-01', to: '2026-01-24' } }, bob.key)).exportCamt053.id as string;
  const privacyRequest = (await data(g, 'mutation($u: ID!) { createPrivacyRequest(user_id: $u, type: "export") { id } }', { u: bob.userId }, bob.key)).createPrivacyRequest.id as string;
  fx = { privacyRequest, cgoRound, cgoInvestment, account, otherAccount, transfer, order, trade, apiKey: key.body.data.id, proposal, swapQuote, swap, screening, deposit, mifirReport, flagged, micaIssuer, lendingPosition, liquidityPosition, yieldPosition, x402Endpoint, treasuryRebalance, adaAccount, bridgeQuote, bridgeTransfer, crossChainSwap, movement, batch, product, ...mobile, cardholder, card, certificate, recoveryKey, recoveryShares, cardAuthorization, travelRuleCheck, travelRuleSubmission, review, webhook, rewardEarnings: bobEarnings, merchant, invoice: bill.id, payCode: bill.pay_code, custodianAccount, isoMessage };
});

/** Bob's mobile objects: a passkey and its session, a device, a wallet, an open payment intent and a p2p transfer to Carol (a third team). */
async function mobileFixture(account: string, adaAccount: string) {
  const post = async (path: string, body: unknown, key?: string) => {
    const answer = await g.request('POST', `/api/v2${path}`, { key, body });
    assert.ok(answer.status < 300, `${path}: ${JSON.stringify(answer.body)}`);
    return answer.body.data;
  };
  const authenticator = new SoftwareAuthenticator({ rpId: 'localhost', origin: 'http://localhost:8080' });
  const passkey = (await post('/mobile/auth/passkey/register', authenticator.register(await post('/mobile/auth/passkey/register/options', undefined, bob.key)), bob.key)).id;
  const challenge = (await post('/mobile/auth/passkey/options', { email: 'bob@example.test' })).challenge;
  const session = (await post('/mobile/auth/passkey/verify', authenticator.assert(challenge))).session.id;
  const device = (await post('/mobile/devices', { push_token: 'bob-tenancy-token', platform: 'android' }, bob.key)).id;
  const carol = await g.createUser('Carol Tenancy');
  const carolAccount = (await post('/accounts', { name: 'Carol', type: 'personal' }, carol.key)).uuid;
  for (const [user, id] of [[bob, account], [carol, carolAccount], [ada, adaAccount]] as const) {
    assert.is((await g.request('PUT', '/api/v2/mobile/wallet', { key: user.key, body: { account_id: id } })).status, 200);
  }
  const intent = (await post('/mobile/payments/intents', { amount: '3.00', currency: 'USD', recipient: 'carol.tenancy@example.test' }, bob.key)).id;
  const p2p = (await post('/mobile/transfers/p2p', { to_user: 'carol.tenancy@example.test', amount: '2.00', currency: 'USD', note: 'Bob to Carol' }, bob.key)).id;
  return { intent, p2p, device, session, passkey };
}

test.after(async () => {
  await g?.close();
});

/** Everything Bob's team can see of itself, to compare before and after Ada's calls. */
async function bobsView(): Promise<unknown> {
  const read = (query: string, variables?: Record<string, unknown>) => data(g, query, variables, bob.key);
  const balances = (id: string) => read('query($id: ID!) { balances(account_id: $id) { balances { asset_code available_balance reserved_balance } } }', { id });
  return {
    accounts: await read('{ accounts(first: 100) { data { id name status } } }'),
    balances: [await balances(fx.account), await balances(fx.otherAccount)],
    transfer: await read('query($id: ID!) { transfer(id: $id) { uuid status amount } }', { id: fx.transfer }),
    transactions: await read('query($id: ID!) { transactions(account_id: $id, first: 100) { data { uuid amount } } }', { id: fx.account }),
    orders: await read('{ orders(first: 100) { data { id status filled_amount } } }'),
    trades: await read('{ trades(first: 100) { data { id } } }'),
    keys: await read('{ apiKeys(first: 100) { data { id status } } }'),
    votes: await read('{ myGcuVotes { proposal_id vote voting_power changes } }'),
    swapQuote: await read('query($id: ID!) { swapQuote(id: $id) { quote_id estimated_output quote_expires_at } }', { id: fx.swapQuote }),
    regtech: await read('{ regtechStatus { screenings { total } reports { submitted accepted rejected } monitoring { flagged } mica_checks { total } } }'),
    report: await read('query($id: ID!) { mifirReport(id: $id) { status } }', { id: fx.mifirReport }),
    mobile: await read(
      'query($id: ID!) { passkeys { id counter flagged } mobileSessions { id revoked_at } mobileDevices { id } mobileWallet { account_id } paymentIntent(id: $id) { status } }',
      { id: fx.intent },
    ),
    lending: await read('{ lendingPositions { position_id status principal } }'),
    x402Endpoints: await read('{ x402Endpoints(first: 100) { data { id path price_usd_cents account_id } } }'),
    crosschain: await read(
      'query($t: ID!, $s: ID!) { bridgeTransfer(id: $t) { status amount } crossChainSwap(id: $s) { status amount } crossChainPortfolio { total_usd in_flight { bridge_tx_id } } }',
      { t: fx.bridgeTransfer, s: fx.crossChainSwap },
    ),
    treasury: await read('query($id: ID!) { treasuryAllocations { token targets { chain percent } } treasuryRebalance(id: $id) { status transfers { amount } } }', { id: fx.treasuryRebalance }),
    ledger: await read('{ ledgerTrialBalance { holdings { asset_code chain debits credits } } }'),
    batches: await read('{ batches(first: 100) { data { id status completed failed } } }'),
    cgo: await read('{ cgoInvestments(first: 100) { data { id status requested_units paid } } }'),
    products: await read('{ products(first: 100) { data { id name } } productActivations(first: 100) { data { id account_id interest_paid } } }'),
    cards: await read('query($id: ID!) { cards(first: 100) { data { id status daily_limit } } cardholders { data { id name } } cardTransactions(card_id: $id) { data { id status captured_amount } } }', { id: fx.card }),
    certificates: await read('{ certificates(first: 100) { data { id status revoked_at token } } }'),
    recoveryKeys: await read('query($id: ID!) { recoveryKeys { data { id fingerprint } } keyReconstructionLogs(recovery_key_id: $id) { paginatorInfo { total } } }', { id: fx.recoveryKey }),
    inventoryKeys: await read('{ inventoryKeys(first: 100) { data { kind id status fingerprint expires_at overlap_ends_at } } }'),
    travelRule: await read('query($c: ID!, $s: ID!) { travelRuleCheck(id: $c) { check_id transfer_id risk_score } travelRuleSubmission(id: $s) { submission_id ivms101_json } }', { c: fx.travelRuleCheck, s: fx.travelRuleSubmission }),
    flagged: await read('query($id: String!) { flaggedTransaction(transaction_id: $id) { status reviewed_at review_note } }', { id: fx.flagged }),
    webhooks: await read('{ webhooks(first: 100) { data { id url events description active status updated_at } } }'),
    rewards: await read('{ rewardProfile { status points lifetime_points } rewardEarnings { data { id points } } rewardQuests { progress completed_at } rewardRedemptions { data { id } } }'),
    commerce: await read('{ merchants { data { id status } } invoices { data { id status paid_at } } }'),
    stablecoin: await read('{ stablecoinReserves { code outstanding_supply reserve_assets } stablecoinIssuances(code: "USDB") { data { id amount } } }'),
    privacy: await read('{ privacyRequests { data { id status export_available } } }'),
    custodian: await read('query($id: ID!) { custodianAccounts { data { id status last_synced_at } } custodianBalances(custodian_account_id: $id) { holding custodian_balance ledger_balance } }', { id: fx.custodianAccount }),
    iso20022: await read('{ iso20022Messages(first: 100) { data { id message_id created_at } } }'),
    x402Limits: await read('{ x402SpendingLimits { configured team { daily_usd per_request_usd spent_today_usd } agents { api_key_id name daily_usd } } }'),
  };
}

test('every Query and Mutation field of the composed schema, called with another team’s ids, reveals and changes nothing of that team', async () => {
  const introspection = await gql(g, getIntrospectionQuery(), undefined, ada.key);
  const schema = buildClientSchema(introspection.body.data);
  const fields = [
    ...Object.values(schema.getQueryType()!.getFields()).map((field) => ({ name: `Query.${field.name}`, field })),
    ...Object.values(schema.getMutationType()!.getFields()).map((field) => ({ name: `Mutation.${field.name}`, field })),
  ];
  const uncovered = fields.filter(({ name }) => !CASES[name]).map(({ name }) => name);
  assert.equal(uncovered, [], `fields without a tenancy case (add one to CASES): ${uncovered.join(', ')}`);
  const stale = Object.keys(CASES).filter((name) => !fields.some((field) => field.name === name));
  assert.equal(stale, [], `cases for fields the schema no longer has: ${stale.join(', ')}`);

  const before = await bobsView();
  const bobsIds = [bob.teamId, bob.userId, fx.account, fx.otherAccount, fx.transfer, fx.order, fx.trade, fx.apiKey, fx.swapQuote, fx.swap, fx.lendingPosition, fx.liquidityPosition, fx.yieldPosition, fx.screening, fx.deposit, fx.mifirReport, fx.flagged, fx.intent, fx.p2p, fx.device, fx.session, fx.passkey, fx.x402Endpoint, fx.bridgeQuote, fx.bridgeTransfer, fx.crossChainSwap, fx.treasuryRebalance, fx.movement, fx.batch, fx.product, fx.cardholder, fx.card, fx.certificate, fx.recoveryKey, fx.cgoInvestment, fx.cardAuthorization, fx.travelRuleCheck, fx.travelRuleSubmission, fx.review, fx.webhook, 'bob-secret-0123456789', fx.merchant, fx.invoice, fx.payCode, ...fx.rewardEarnings, fx.custodianAccount, fx.isoMessage, fx.privacyRequest];
  for (const { name, field } of fields) {
    for (const call of CASES[name]!) {
      const variables = call.variables?.(fx) ?? {};
      if (idLike(field.args)) {
        const sent = JSON.stringify(variables);
        assert.ok([...bobsIds, fx.proposal, fx.micaIssuer, fx.cgoRound].some((id) => sent.includes(id)), `${name} takes ids: its case must send Bob's`);
      }
      const response: GqlResponse = await gql(g, call.query, variables, ada.key);
      const body = response.body;
      const where = `${name}: ${JSON.stringify(body)}`;
      const fieldName = name.split('.')[1]!;
      if (call.expect === 'null') {
        assert.is(body.errors, undefined, where);
        assert.is(body.data[fieldName], null, where);
      } else if (call.expect === 'not_found') {
        assert.is(body.errors?.[0]?.extensions?.code, 'not_found', where);
        assert.is(body.data?.[fieldName] ?? null, null, where);
      } else if (call.expect === 'refused') {
        assert.ok(body.errors?.length > 0, where);
        assert.is(body.data?.[fieldName] ?? null, null, where);
        for (const value of bobsIds) assert.not.ok(JSON.stringify(body).includes(value), `${name} shows Bob's ${value}: ${where}`);
      } else {
        assert.is(body.errors, undefined, where);
        const text = JSON.stringify(body.data);
        for (const value of [...bobsIds, ...(call.absent ?? [])]) assert.not.ok(text.includes(value), `${name} shows Bob's ${value}: ${where}`);
      }
    }
  }
  assert.equal(await bobsView(), before, 'Bob’s team sees its data exactly as before');
});

test.run();
