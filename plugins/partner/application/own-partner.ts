import { ForbiddenError, type Tx } from '../../../kernel/public.js';
import { environmentOf, type Environment, type PartnerRecord } from '../domain/partner.js';
import type { PartnerRepository } from '../ports.js';

/**
 * The partner a partner call acts for, from the team the gate let it run
 * as: the live team, or the sandbox team with the sandbox key. The gate has
 * already refused anyone else; this repeats the rule for callers that reach
 * the operation another way (the CLI).
 */
export async function ownPartner(partners: PartnerRepository, tx: Tx, teamId: string): Promise<{ partner: PartnerRecord; environment: Environment }> {
  const partner = await partners.findByTeam(tx, teamId);
  const environment = partner && environmentOf(partner, teamId);
  if (!partner || !environment) throw new ForbiddenError('This call needs a partner’s bearer and X-Partner-Key.', 'not_a_partner_user');
  return { partner, environment };
}
