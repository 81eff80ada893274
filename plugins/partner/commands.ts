import { z } from 'zod';
import { command, pageNumber, pageSize, type CommandDeclaration } from '../../kernel/public.js';
import { ListPartners, ReactivatePartner, RevokePartner, RotatePartnerKeys, SuspendPartner } from './operations.js';

const byId = z.object({ id: z.string().min(1).max(64).describe('The partner id (partner list shows it)') });

/** The operator's partner administration from the CLI: the same operations as /v2/admin/partners. */
export const partnerCommands: readonly CommandDeclaration[] = [
  command({
    name: 'partner list',
    summary: 'List partners, oldest first',
    scope: 'operator',
    options: z.object({ page: pageNumber().default(1), per_page: pageSize().default(20) }),
    operation: ListPartners,
  }),
  command({ name: 'partner suspend', summary: 'Suspend a partner (its keys are refused until reactivated)', scope: 'operator', options: byId, operation: SuspendPartner }),
  command({ name: 'partner reactivate', summary: 'Reactivate a suspended partner', scope: 'operator', options: byId, operation: ReactivatePartner }),
  command({ name: 'partner revoke', summary: 'Revoke a partner for good', scope: 'operator', options: byId, operation: RevokePartner }),
  command({ name: 'partner rotate-keys', summary: 'Replace a partner’s live and sandbox keys (printed once)', scope: 'operator', options: byId, operation: RotatePartnerKeys }),
];
