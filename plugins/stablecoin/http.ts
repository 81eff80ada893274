import { z } from 'zod';
import { route, type RouteDeclaration, type RouteTag } from '../../kernel/public.js';
import { CodeInput, GetReserve, IssueBody, ListIssuances, ListIssuancesQuery, ListReserves, Mint, Redeem, StablecoinIssuanceView, StablecoinReserveView } from './operations.js';

export const stablecoinRouteTags: readonly RouteTag[] = [
  {
    name: 'Stablecoin',
    description:
      'The bank’s e-money tokens: minted at par against the team’s fiat, which the ledger moves into a reserve account, and redeemed the same way back; supply, reserve and coverage read from the ledger ([stablecoin.md](stablecoin.md)).',
  },
];
const tags = ['Stablecoin'];
const v2 = ['v2'] as const;

export const stablecoinRoutes: readonly RouteDeclaration[] = [
  route({
    method: 'GET',
    path: '/stablecoins',
    prefixes: v2,
    access: 'read',
    response: z.array(StablecoinReserveView),
    operation: ListReserves,
    summary: 'List the bank’s tokens with the team’s reserve figures',
    description: 'Every configured token: the team’s outstanding supply, the reserve behind it and the coverage ratio, read from the ledger now.',
    tags,
  }),
  route({
    method: 'GET',
    path: '/stablecoins/:code/reserve',
    prefixes: v2,
    access: 'read',
    params: CodeInput,
    response: StablecoinReserveView,
    operation: GetReserve,
    summary: 'A token’s supply, reserve and coverage',
    description: '404 for a code the bank does not issue.',
    tags,
  }),
  route({
    method: 'POST',
    path: '/stablecoins/:code/mint',
    prefixes: v2,
    access: 'write',
    params: CodeInput,
    body: IssueBody,
    response: StablecoinIssuanceView,
    status: 201,
    operation: Mint,
    summary: 'Mint tokens against fiat',
    description:
      'Moves `amount` of the reference asset from the account into the team’s reserve account and credits the same amount of tokens to it, in one ledger movement. 404 for another team’s account; 422 insufficient_funds, account_not_active.',
    tags,
  }),
  route({
    method: 'POST',
    path: '/stablecoins/:code/redeem',
    prefixes: v2,
    access: 'write',
    params: CodeInput,
    body: IssueBody,
    response: StablecoinIssuanceView,
    status: 201,
    operation: Redeem,
    summary: 'Redeem tokens for fiat at par',
    description: 'The reverse of a mint. 422 exceeds_outstanding_supply beyond what the team has outstanding, insufficient_funds beyond what the account holds.',
    tags,
  }),
  route({
    method: 'GET',
    path: '/stablecoins/:code/issuances',
    prefixes: v2,
    access: 'read',
    params: CodeInput,
    query: ListIssuancesQuery,
    response: z.array(StablecoinIssuanceView),
    operation: ListIssuances,
    summary: 'The team’s mints and redemptions of a token',
    description: 'Newest first, paginated by page and per_page.',
    tags,
  }),
];
