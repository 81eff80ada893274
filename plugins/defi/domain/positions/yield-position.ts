/** A staking or farming position: tokens staked in one program on one chain, rewards accruing from `rewardsFrom` (opening or the last harvest). */
export interface YieldPosition {
  readonly id: string;
  readonly teamId: string;
  readonly accountId: string;
  readonly chain: string;
  readonly programId: string;
  /** Base units of the program's token staked. */
  readonly amount: bigint;
  readonly rewardsFrom: Date;
  /** Reward base units harvested so far. */
  readonly harvested: bigint;
  readonly status: 'open' | 'closed';
  readonly openedAt: Date;
  readonly closedAt: Date | null;
}
