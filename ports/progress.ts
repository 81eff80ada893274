import { token } from '../kernel/contract/token.js';

/**
 * Progress of long work (migrations, a ledger audit, a redrive) for whoever
 * watches: the CLI draws it on stderr; the server and tests bind the silent one.
 */
export interface Progress {
  /** Starts a task of `total` steps (0 when unknown). */
  begin(task: string, total: number): ProgressTask;
}

export interface ProgressTask {
  /** One more step done (`count` more, when a step covers several: a batch of accounts); `label` says which. */
  step(label: string, count?: number): void;
  /** The task is over (also after a failure: the line is finished, not left open). */
  end(): void;
}

export const Progress = token<Progress>('kernel.progress');

export const silentProgress: Progress = { begin: () => ({ step: () => undefined, end: () => undefined }) };
