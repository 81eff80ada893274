import { NotFoundError, ValidationError, type Tx } from '../../../kernel/public.js';
import type { WebhookRecord, WebhookRepository } from '../ports.js';

export const MAX_DESCRIPTION = 500;
const SECRET = /^[\x21-\x7E]{16,256}$/;

export function description(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' || value.length > MAX_DESCRIPTION) {
    throw ValidationError.field('/description', `description must be a string of at most ${MAX_DESCRIPTION} characters`);
  }
  return value;
}

/** A caller-chosen secret: 16–256 printable ASCII characters (a whsec_ secret is used as Standard Webhooks expects). */
export function secret(value: unknown): string {
  if (typeof value !== 'string' || !SECRET.test(value)) {
    throw ValidationError.field('/secret', 'secret must be 16 to 256 printable ASCII characters without spaces', 'invalid_secret');
  }
  return value;
}

export function flag(value: unknown, pointer: string): boolean {
  if (typeof value !== 'boolean') throw ValidationError.field(pointer, `${pointer.slice(1)} must be true or false`);
  return value;
}


/** Another team's webhook is 404, exactly like a missing one. 'lock' holds the row for a read-modify-write (`findForUpdate`). */
export async function requireWebhook(repo: WebhookRepository, tx: Tx, teamId: string, id: string, lock: 'lock' | 'read' = 'read'): Promise<WebhookRecord> {
  const webhook = lock === 'lock' ? await repo.findForUpdate(tx, teamId, id) : await repo.find(tx, teamId, id);
  if (!webhook) throw new NotFoundError('Webhook', id);
  return webhook;
}
