import { ForbiddenError, type Actor, type Permission } from '../../../kernel/public.js';

export const PERMISSIONS = ['read', 'write', 'delete'] as const satisfies readonly Permission[];

/** Deduplicated, in the canonical order read, write, delete. */
export function normalisePermissions(requested: readonly Permission[]): Permission[] {
  return PERMISSIONS.filter((permission) => requested.includes(permission));
}

/** The permissions in `requested` that `granted` does not hold. */
export function lackingPermissions(granted: readonly Permission[], requested: readonly Permission[]): Permission[] {
  return normalisePermissions(requested).filter((permission) => !granted.includes(permission));
}

export function intersectPermissions(a: readonly Permission[], b: readonly Permission[]): Permission[] {
  return normalisePermissions(a).filter((permission) => b.includes(permission));
}

export function requirePermission(actor: Actor, permission: Permission): void {
  if (!actor.permissions.includes(permission)) {
    throw new ForbiddenError(`This API key lacks the '${permission}' permission.`, 'insufficient_permission');
  }
}

export function requireOperator(actor: Actor): void {
  if (actor.kind !== 'operator') {
    throw new ForbiddenError('Only the bank operator key may do this.', 'insufficient_permission');
  }
}
