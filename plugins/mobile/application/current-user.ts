import { ForbiddenError, type DirectoryUser, type RequestContext, type Tx, type UserDirectory } from '../../../kernel/public.js';

/** The caller as a user of the directory; a caller that is not one (no such user) may not hold passkeys or sessions. */
export async function currentUser(directory: UserDirectory, tx: Tx, ctx: RequestContext): Promise<DirectoryUser> {
  const user = ctx.actor.userId ? await directory.findById(tx, ctx.actor.teamId, ctx.actor.userId) : undefined;
  if (!user) throw new ForbiddenError('Passkeys and sessions belong to a user; this caller is not one.', 'not_a_user');
  return user;
}

/** The WebAuthn user handle of a user: the bytes of their id (an opaque uuid, no personal data). */
export function userHandleOf(userId: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(Buffer.from(userId, 'utf8'));
}
