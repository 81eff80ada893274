import { inject, injectable } from 'inversify';
import type { DirectoryUser, Tx, UserDirectory } from '../../../kernel/public.js';
import { normaliseEmail } from '../domain/user.js';
import { UserRepository, type UserRecord } from '../ports.js';

function directoryUser(user: UserRecord): DirectoryUser {
  return { id: user.id, teamId: user.teamId, name: user.name, email: user.email };
}

/** The UserDirectory port over identity's own user repository (read only). */
@injectable()
export class IdentityUserDirectory implements UserDirectory {
  constructor(@inject(UserRepository) private readonly users: UserRepository) {}

  async findByEmail(tx: Tx, email: string): Promise<DirectoryUser | undefined> {
    const user = await this.users.findByEmail(tx, normaliseEmail(email));
    return user && directoryUser(user);
  }

  async findById(tx: Tx, teamId: string, id: string): Promise<DirectoryUser | undefined> {
    const user = await this.users.findById(tx, teamId, id);
    return user && directoryUser(user);
  }
}
