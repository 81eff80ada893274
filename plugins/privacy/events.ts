import { eventType } from '../../kernel/public.js';
import { PrivacyRequestView } from './operations.js';

export const PrivacyRequestCompleted = eventType({
  name: 'privacy.request.completed',
  version: 1,
  group: 'Privacy',
  description: 'A data-subject request completed: an export’s document is ready, or an erasure pseudonymised the user in every module (to the subject’s team).',
  emittedBy: 'POST /privacy/requests, createPrivacyRequest',
  payload: PrivacyRequestView,
  webhook: true,
});

export const privacyEvents = [PrivacyRequestCompleted];
