import { inject, injectable } from 'inversify';
import { erasedEmail, type PersonalData, type Tx } from '../../../kernel/public.js';
import { UserRepository } from '../ports.js';

/**
 * Identity's share of a data-subject request (docs/privacy.md): the user's
 * name and email. Pseudonymising keeps the user and its keys (the team still
 * needs to see who made what) but under the alias; the email becomes
 * `<alias>@erased.invalid`, unique like every email.
 */
@injectable()
export class IdentityPersonalData implements PersonalData {
  readonly module = 'identity';

  constructor(@inject(UserRepository) private readonly users: UserRepository) {}

  async export(tx: Tx, teamId: string, userId: string): Promise<Record<string, unknown> | null> {
    const user = await this.users.findById(tx, teamId, userId);
    return user ? { user: { id: user.id, name: user.name, email: user.email, created_at: user.createdAt.toISOString() } } : null;
  }

  async pseudonymise(tx: Tx, teamId: string, userId: string, alias: string): Promise<number> {
    return (await this.users.rename(tx, teamId, userId, alias, erasedEmail(alias))) ? 1 : 0;
  }
}
