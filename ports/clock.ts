import { token } from '../kernel/contract/token.js';

/** All time comes from here, so tests can move it. */
export interface Clock {
  now(): Date;
}
export const Clock = token<Clock>('kernel.clock');
