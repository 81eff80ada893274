import { protocolAddress } from '../protocol-address.js';

/**
 * The simulated staking and yield-farming programs (docs/defi.md, Staking
 * and yield farming). A program takes one token and emits a reward token at
 * a fixed rate per staked base unit per year: `rewardPerYear` reward base
 * units for every `per` staked base units. Staking pays its own token
 * (Lido-like ETH staking at 3.2 % a year); the farm pays WETH for USDC at
 * 1 WETH per 40 000 USDC a year, whose APY in USD moves with the prices.
 */
export interface YieldProgram {
  readonly id: string;
  readonly kind: 'staking' | 'yield_farming';
  readonly token: string;
  readonly rewardToken: string;
  readonly rewardPerYear: bigint;
  readonly per: bigint;
}

export const YIELD_PROGRAMS: readonly YieldProgram[] = [
  { id: 'staking:WETH', kind: 'staking', token: 'WETH', rewardToken: 'WETH', rewardPerYear: 320n, per: 10_000n },
  { id: 'farming:USDC-WETH', kind: 'yield_farming', token: 'USDC', rewardToken: 'WETH', rewardPerYear: 10n ** 18n, per: 40_000n * 10n ** 6n },
];

export const yieldProgram = (id: string): YieldProgram | undefined => YIELD_PROGRAMS.find((program) => program.id === id);

/** The program's contract on a chain: it holds the staked tokens and pays the rewards. */
export const yieldProgramAddress = (chainId: number, programId: string): string => protocolAddress(chainId, `yield:${programId}`);

/** Rewards for `staked` base units over `elapsedMs`, rounded down (the program never pays a fraction it did not emit). */
export function accruedReward(program: YieldProgram, staked: bigint, elapsedMs: bigint, yearMs: bigint): bigint {
  if (elapsedMs <= 0n) return 0n;
  return (staked * program.rewardPerYear * elapsedMs) / (program.per * yearMs);
}
