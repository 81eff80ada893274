import { token } from '../kernel/contract/token.js';
import type { Tx } from './unit-of-work.js';

/**
 * Limits a module sets on a team (the partner module: its tenants' plans),
 * read by the module that owns the counted rows inside the unit of work that
 * would exceed them (core-banking when it opens an account). Optional: with
 * no module providing it, no team is limited.
 */
export interface TeamQuotas {
  /** The most accounts the team may hold, or undefined for no limit. */
  maxAccounts(tx: Tx, teamId: string): Promise<number | undefined>;
}
export const TeamQuotas = token<TeamQuotas>('kernel.team-quotas');
