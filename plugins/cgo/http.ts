import { z } from 'zod';
import { route, type RouteDeclaration, type RouteTag } from '../../kernel/public.js';
import { CloseRound, GetInvestment, GetRound, IdParams, InvestBody, Invest, InvestmentsQuery, InvestmentView, ListInvestments, ListRounds, OpenRound, OpenRoundInput, PageQuery, RoundReportView, RoundView } from './operations.js';

export const cgoRouteTags: readonly RouteTag[] = [
  { name: 'CGO', description: 'Investment rounds (continuous growth offering): the bank offers units at a price until a closing time; teams invest through escrow and are allocated at close.' },
];
const tags = cgoRouteTags.map(({ name }) => name);
const v2 = ['v2'] as const;

export const cgoRoutes: readonly RouteDeclaration[] = [
  route({
    method: 'POST',
    path: '/admin/cgo/rounds',
    prefixes: v2,
    access: 'operator',
    body: OpenRoundInput,
    response: RoundView,
    status: 201,
    operation: OpenRound,
    operationId: 'openCgoRound',
    summary: 'Open an investment round (operator)',
    description:
      'Asset and price per unit (a decimal at the asset’s precision), per-investor limits in units, a hard cap and a closing time in the future. Every refusal at once with its pointer (422 invalid_terms, invalid_amount, unknown asset). Send an Idempotency-Key to open at most once.',
    tags,
  }),
  route({
    method: 'POST',
    path: '/admin/cgo/rounds/:id/close',
    prefixes: v2,
    access: 'operator',
    params: IdParams,
    response: RoundReportView,
    operation: CloseRound,
    operationId: 'closeCgoRound',
    summary: 'Close a round now and allocate (operator)',
    description:
      'What the scheduled close does at closes_at, now: every investment is allocated (pro-rata by the largest remainder when oversubscribed), its cost moved from escrow to the proceeds and the rest refunded, in one unit of work. 409 round_closed for a closed round, 404 for an unknown id.',
    tags,
  }),
  route({
    method: 'GET',
    path: '/cgo/rounds',
    prefixes: v2,
    access: 'read',
    query: PageQuery,
    response: z.array(RoundView),
    operation: ListRounds,
    operationId: 'listCgoRounds',
    summary: 'Investment rounds, newest first',
    description: 'Every round of the bank, open and closed, paginated by page and per_page. A round shows its terms, never who invested.',
    tags,
  }),
  route({
    method: 'GET',
    path: '/cgo/rounds/:id',
    prefixes: v2,
    access: 'read',
    params: IdParams,
    response: RoundView,
    operation: GetRound,
    operationId: 'getCgoRound',
    summary: 'An investment round',
    description: '404 for an unknown id.',
    tags,
  }),
  route({
    method: 'POST',
    path: '/cgo/rounds/:id/investments',
    prefixes: v2,
    access: 'write',
    params: IdParams,
    body: InvestBody,
    response: InvestmentView,
    status: 201,
    operation: Invest,
    operationId: 'investInCgoRound',
    summary: 'Invest in a round',
    description:
      'Pays units × price from one of the team’s accounts into escrow at once. One investment per team and round (409 already_invested); units within the round’s limits (422 units_out_of_limits at /units); 422 round_closed once the round has closed or reached closes_at; 422 insufficient_funds; 404 for an unknown round or account.',
    tags,
  }),
  route({
    method: 'GET',
    path: '/cgo/investments',
    prefixes: v2,
    access: 'read',
    query: InvestmentsQuery,
    response: z.array(InvestmentView),
    operation: ListInvestments,
    operationId: 'listCgoInvestments',
    summary: 'The team’s investments, newest first',
    description: 'Optionally in one round (round_id); paginated by page and per_page.',
    tags,
  }),
  route({
    method: 'GET',
    path: '/cgo/investments/:id',
    prefixes: v2,
    access: 'read',
    params: IdParams,
    response: InvestmentView,
    operation: GetInvestment,
    operationId: 'getCgoInvestment',
    summary: 'One of the team’s investments',
    description: 'With its allocation and refund once the round closed. 404 for an unknown id or another team’s investment.',
    tags,
  }),
];
