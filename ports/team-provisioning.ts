import type { Tx } from './unit-of-work.js';
import { token } from '../kernel/contract/token.js';

export interface ProvisionTeamRequest {
  readonly teamName: string;
  /** The team's first user and a fak_ key with every permission; a team without one has no key of its own. */
  readonly admin?: { readonly name: string; readonly email: string };
}

export interface ProvisionedTeam {
  readonly teamId: string;
  readonly admin?: {
    readonly userId: string;
    readonly apiKeyId: string;
    /** The plain fak_ key: return it once, never store or log it. */
    readonly apiKey: string;
  };
}

/**
 * Teams made by another module (partner organisations, their sandboxes and
 * tenants), provided by identity. Works inside the caller's unit of work, so
 * the team commits or rolls back with the caller's own rows and events.
 */
export interface TeamProvisioning {
  /** Throws ConflictError 'email_taken' when the admin's email is already used. */
  provision(tx: Tx, request: ProvisionTeamRequest): Promise<ProvisionedTeam>;
  /** The digest identity stores for an API key (SHA-256, or HMAC with the pepper), for other credentials shown once. */
  hashSecret(secret: string): string;
}
export const TeamProvisioning = token<TeamProvisioning>('identity.team-provisioning');
