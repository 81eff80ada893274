import { ForbiddenError } from '../../../kernel/public.js';
import { cidrWithin, parseCidr } from './ip-allowlist.js';

/**
 * A key made with another key never outlives or out-reaches it. These rules
 * are the allow-list and expiry halves of that cap (permissions are capped in
 * permissions.ts); the creator's values are those of the key that
 * authenticated the request.
 */

/**
 * The allow-list of a new key. A creator without one (any address) caps
 * nothing. Otherwise an empty request inherits the creator's list, and each
 * requested entry must lie inside one of the creator's entries (403
 * `ip_allowlist_escalation` naming the ones that do not). Entries are valid
 * (checkAllowlist ran first).
 */
export function capAllowlist(creator: readonly string[], requested: readonly string[]): string[] {
  if (creator.length === 0) return [...requested];
  if (requested.length === 0) return [...creator];
  const outer = creator.flatMap((entry) => parseCidr(entry) ?? []);
  const outside = requested.filter((entry) => {
    const inner = parseCidr(entry);
    return inner === undefined || !outer.some((block) => cidrWithin(inner, block));
  });
  if (outside.length > 0) {
    throw new ForbiddenError(
      `A key cannot allow addresses its creator's key does not: ${outside.join(', ')} is outside ${creator.join(', ')}.`,
      'ip_allowlist_escalation',
    );
  }
  return [...requested];
}

/**
 * The expiry of a new key. A creator that never expires caps nothing.
 * Otherwise no expiry requested inherits the creator's, and a later one is
 * 403 `expiry_escalation`; the same instant is allowed.
 */
export function capExpiry(creator: Date | null, requested: Date | null): Date | null {
  if (creator === null) return requested;
  if (requested === null) return new Date(creator.getTime());
  if (requested.getTime() > creator.getTime()) {
    throw new ForbiddenError(
      `A key cannot outlive its creator's key: expires_at must be at or before ${creator.toISOString()}.`,
      'expiry_escalation',
    );
  }
  return requested;
}
