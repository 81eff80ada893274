import { eventType } from '../../kernel/public.js';
import { InvestmentView, RoundReportView, RoundView } from './operations.js';

export const RoundOpened = eventType({
  name: 'cgo.round_opened',
  version: 1,
  group: 'CGO',
  description: 'An operator opened an investment round (to the operator’s team).',
  emittedBy: 'POST /admin/cgo/rounds, openCgoRound',
  payload: RoundView,
  webhook: true,
});

export const InvestmentMade = eventType({
  name: 'cgo.investment_made',
  version: 1,
  group: 'CGO',
  description: 'A team invested in a round: units × price moved from its account into escrow.',
  emittedBy: 'POST /cgo/rounds/{id}/investments, cgoInvest',
  payload: InvestmentView,
  webhook: true,
});

export const InvestmentAllocated = eventType({
  name: 'cgo.investment_allocated',
  version: 1,
  group: 'CGO',
  description: 'A round closed: the team’s investment was allocated its units, their cost moved to the proceeds and the rest refunded.',
  emittedBy: 'POST /admin/cgo/rounds/{id}/close, closeCgoRound, or the scheduled close at closes_at',
  payload: InvestmentView,
  webhook: true,
});

export const RoundClosed = eventType({
  name: 'cgo.round_closed',
  version: 1,
  group: 'CGO',
  description: 'A round closed and allocated every investment (to the operator’s team, with the totals).',
  emittedBy: 'POST /admin/cgo/rounds/{id}/close, closeCgoRound, or the scheduled close at closes_at',
  payload: RoundReportView,
  webhook: true,
});

export const cgoEvents = [RoundOpened, InvestmentMade, InvestmentAllocated, RoundClosed];
