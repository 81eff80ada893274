import { eventType } from '../../kernel/public.js';
import { TravelRuleCheckView } from './travel-rule-schemas.js';

/** The regtech module's events (docs/events.md lists them). */
export const TravelRuleCheckCompleted = eventType({
  name: 'travel_rule.check.completed',
  version: 1,
  group: 'Regulatory',
  description: 'A travel-rule check was made: the whole result (compliance, risk, threshold analysis, sanctions screening of both parties).',
  emittedBy: 'POST /api/v1/regtech/travel-rule/check, POST /api/v2/regtech/travel-rule/transfers',
  payload: TravelRuleCheckView,
  webhook: true,
});

export const regtechEvents = [TravelRuleCheckCompleted];
