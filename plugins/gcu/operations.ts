import type { Operation } from '../../kernel/contract/route.js';
import { token } from '../../kernel/contract/token.js';

/** The GCU plugin's operations, shared by REST, the CLI and (later) GraphQL. */
export const ListBaskets = token<Operation>('gcu.list-baskets');
export const GetBasket = token<Operation>('gcu.get-basket');
export const GetGcu = token<Operation>('gcu.get-gcu');
export const GetComposition = token<Operation>('gcu.get-composition');
export const GetValueHistory = token<Operation>('gcu.get-value-history');
export const Compose = token<Operation>('gcu.compose');
export const Decompose = token<Operation>('gcu.decompose');
export const ListProposals = token<Operation>('gcu.list-proposals');
export const GetProposal = token<Operation>('gcu.get-proposal');
export const CastVote = token<Operation>('gcu.cast-vote');
export const MyVotes = token<Operation>('gcu.my-votes');
export const CreateProposal = token<Operation>('gcu.create-proposal');
export const RunTick = token<Operation>('gcu.run-tick');
export const Rebalance = token<Operation>('gcu.rebalance');

export interface BasketExchangeInput {
  readonly id: string;
  readonly basket_code: string;
  readonly amount: unknown;
}

export interface BasketExchangeView {
  readonly account_uuid: string;
  readonly basket_code: string;
  readonly direction: 'compose' | 'decompose';
  readonly basket_amount: string;
  /** Component amounts debited (compose) or credited (decompose). */
  readonly components: Record<string, string>;
  /** USD credited (decompose) in lieu of the components' remainders below their minor units; "0.00" on compose. */
  readonly cash_in_lieu_usd: string;
  readonly basket_version: number;
  readonly movement_uuid: string;
  /** USD value of the basket units at current prices, 8 decimals. */
  readonly value_usd: string;
  /** USD value, at current prices, of what rounding the components to whole minor units took from the customer. */
  readonly rounding_cost_usd: string;
  readonly completed_at: string;
}
