/**
 * Blocks as a pure function of time: block n of a chain is produced at
 * `epoch + n × blockTime` (block 0 at the epoch, final by definition). Empty
 * blocks are never stored: the head, a block's time and finality follow
 * from the clock, so every process and every restart agrees on them, and
 * a transaction is simply placed in the block after the head at its
 * submission.
 */
export interface BlockTiming {
  readonly epochMs: number;
  readonly blockTimeMs: number;
  readonly finalitySeconds: number;
}

/** The newest block produced at `at` (0 before and at the epoch). */
export function headAt(timing: BlockTiming, at: Date): bigint {
  const elapsed = at.getTime() - timing.epochMs;
  return elapsed <= 0 ? 0n : BigInt(Math.floor(elapsed / timing.blockTimeMs));
}

export function blockTime(timing: BlockTiming, number: bigint): Date {
  return new Date(timing.epochMs + Number(number) * timing.blockTimeMs);
}

/** The newest block that is final at `at`: produced at least finalitySeconds before. */
export function finalizedAt(timing: BlockTiming, at: Date): bigint {
  return headAt(timing, new Date(at.getTime() - timing.finalitySeconds * 1000));
}

/** The block a transaction submitted at `at` lands in: the next one. */
export function inclusionBlock(timing: BlockTiming, at: Date): bigint {
  return headAt(timing, at) + 1n;
}

export type InclusionStatus = 'pending' | 'confirmed' | 'finalized';

/** Where a transaction in block `number` stands at `at`, and its confirmations (the block itself counts). */
export function inclusionStatus(timing: BlockTiming, number: bigint, at: Date): { status: InclusionStatus; confirmations: bigint } {
  const head = headAt(timing, at);
  if (head < number) return { status: 'pending', confirmations: 0n };
  const status = number <= finalizedAt(timing, at) ? 'finalized' : 'confirmed';
  return { status, confirmations: head - number + 1n };
}
