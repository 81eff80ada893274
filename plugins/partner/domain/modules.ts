/** Modules every team uses whatever a partner enables: they are not for a partner to choose or a feature to switch off. */
export const ALWAYS_ON_MODULES: readonly string[] = ['identity', 'partner'];
