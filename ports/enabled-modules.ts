import { token } from '../kernel/contract/token.js';

/**
 * The names of the modules this process runs (built-ins chosen by
 * BANK_MODULES and external plugins), in load order. Bound by the kernel at
 * boot; a plugin reads it to validate module names its callers send.
 */
export interface EnabledModules {
  names(): readonly string[];
}
export const EnabledModules = token<EnabledModules>('kernel.enabled-modules');
