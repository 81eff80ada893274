import { z } from 'zod';
import { eventType } from '../../kernel/public.js';
import { CustodianAccountView } from './operations.js';

/** Every change of a link commits with one of these. */
const group = 'Custodian';

export const CustodianAccountLinked = eventType({
  name: 'custodian.account_linked',
  version: 1,
  group,
  description: 'An account at a custodian was opened and linked to one of the team’s accounts.',
  emittedBy: 'POST /custodian-accounts',
  payload: CustodianAccountView,
  webhook: true,
});
export const CustodianAccountUnlinked = eventType({
  name: 'custodian.account_unlinked',
  version: 1,
  group,
  description: 'A link was ended; it is no longer synced.',
  emittedBy: 'POST /custodian-accounts/{id}/unlink',
  payload: CustodianAccountView,
  webhook: true,
});
export const CustodianAccountSynced = eventType({
  name: 'custodian.account_synced',
  version: 1,
  group,
  description: 'A link’s balances were read from the custodian and reconciled with the ledger; `differences` counts the holdings that disagree.',
  emittedBy: 'POST /custodian-accounts/{id}/sync',
  payload: z.strictObject({ account: CustodianAccountView, differences: z.number().int() }).meta({ id: 'CustodianAccountSyncedPayload' }),
  webhook: true,
});

export const custodianEvents = [CustodianAccountLinked, CustodianAccountUnlinked, CustodianAccountSynced];
