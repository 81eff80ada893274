import type { Logger as LoggerShape } from '../kernel/contract/plugin.js';
import { token } from '../kernel/contract/token.js';

export type Logger = LoggerShape;
export const Logger = token<Logger>('kernel.logger');
