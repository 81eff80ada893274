import { token } from '../kernel/contract/token.js';

/** Periodic maintenance (pruning rows past their retention …) that a serving process runs in the background. */
export interface HousekeepingTask {
  readonly name: string;
  readonly intervalMs: number;
  /** One round; returns how much it did. Must be safe to run in several processes at once. */
  run(): Promise<number>;
}

/** Where the kernel and plugins register housekeeping; it runs only in processes started with background work. */
export interface Housekeeping {
  register(task: HousekeepingTask): void;
}
export const Housekeeping = token<Housekeeping>('kernel.housekeeping');
