import { token } from '../kernel/contract/token.js';
import type { Tx } from './unit-of-work.js';

/** A user as other plugins may see them: who they are and which team (tenant) they belong to. */
export interface DirectoryUser {
  readonly id: string;
  readonly teamId: string;
  readonly name: string;
  /** Normalised: trimmed, lower case; unique across the bank. */
  readonly email: string;
}

/**
 * Looks users up for plugins that address a person rather than an account
 * (provided by identity): a passkey sign-in names the user by email, a
 * peer-to-peer transfer names its recipient, who may belong to another team.
 * Read only; it reveals nothing but the record above.
 */
export interface UserDirectory {
  /** The user with this email (compared case-insensitively), in any team. */
  findByEmail(tx: Tx, email: string): Promise<DirectoryUser | undefined>;
  /** The team's user, or undefined (also for another team's user). */
  findById(tx: Tx, teamId: string, id: string): Promise<DirectoryUser | undefined>;
}
export const UserDirectory = token<UserDirectory>('identity.user-directory');
