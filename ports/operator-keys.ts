import { token } from '../kernel/contract/token.js';

export interface OperatorBootstrap {
  /** True when this call created the operator (first start on an empty store). */
  readonly created: boolean;
  /** The plain key, only when created (shown once, never stored). */
  readonly key?: string;
  readonly teamId: string;
}

/**
 * Creates the bank operator (team, user, key) on an empty store. With
 * `presetKey` (BANK_ADMIN_KEY) that exact key is used; otherwise a random one.
 */
export interface OperatorKeys {
  ensureOperator(presetKey?: string): Promise<OperatorBootstrap>;
}
export const OperatorKeys = token<OperatorKeys>('identity.operator-keys');
