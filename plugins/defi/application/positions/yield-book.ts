import { inject, injectable, optional } from 'inversify';
import {
  AssetCatalog,
  BusinessRuleError,
  ChainCatalog,
  ChainFaucet,
  Clock,
  ConflictError,
  formatMinor,
  Ids,
  Ledger,
  NotFoundError,
  OnChainHoldings,
  ValidationError,
  WORLD_ACCOUNT,
  type ChainInfo,
  type NewEvent,
  type Tx,
} from '../../../../kernel/public.js';
import { YEAR_MS } from '../../domain/positions/interest.js';
import { accruedReward, YIELD_PROGRAMS, yieldProgram, yieldProgramAddress, type YieldProgram } from '../../domain/positions/yield-programs.js';
import type { YieldPosition } from '../../domain/positions/yield-position.js';
import { YieldRepository } from '../../ports.js';

/**
 * Staking and yield farming (docs/defi.md, Staking and yield farming):
 * staking pays the account's tokens into the program's contract; rewards
 * accrue by the clock at the program's fixed emission rate; a harvest has
 * the program emit the reward (minted to its address on the simulated
 * chain, as its reward schedule would) and pay it to the account.
 */
@injectable()
export class YieldBook {
  constructor(
    @inject(YieldRepository) private readonly positions: YieldRepository,
    @inject(Ledger) private readonly ledger: Ledger,
    @inject(OnChainHoldings) private readonly holdings: OnChainHoldings,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
    @inject(ChainCatalog) private readonly catalog: ChainCatalog,
    @inject(Clock) private readonly clock: Clock,
    @inject(Ids) private readonly ids: Ids,
    @inject(ChainFaucet) @optional() private readonly faucet: ChainFaucet | undefined,
  ) {}

  /** The program and chain named by client input, or a 422 at the field. */
  target(programId: string, chainRef: unknown): { program: YieldProgram; chain: ChainInfo } {
    const program = yieldProgram(programId);
    if (!program) throw ValidationError.field('/program', `Programs: ${YIELD_PROGRAMS.map((one) => one.id).join(', ')}.`, 'unknown_program');
    const chain = this.catalog.require(chainRef ?? 'ethereum', '/chain');
    this.catalog.requireToken(chain.name, program.token, '/chain');
    this.catalog.requireToken(chain.name, program.rewardToken, '/chain');
    return { program, chain };
  }

  async stake(tx: Tx, teamId: string, accountId: string, program: YieldProgram, chain: ChainInfo, amount: bigint): Promise<YieldPosition> {
    await this.#pay(tx, teamId, accountId, chain, program, program.token, -amount, 'defi.stake');
    const now = this.clock.now();
    const position: YieldPosition = { id: this.ids.uuid(), teamId, accountId, chain: chain.name, programId: program.id, amount, rewardsFrom: now, harvested: 0n, status: 'open', openedAt: now, closedAt: null };
    await this.positions.insert(tx, position);
    await tx.append([this.positionEvent('position.opened', position)]);
    return position;
  }

  /** Pays the rewards accrued since the last harvest; with `close`, also returns the stake and closes the position. */
  async harvest(tx: Tx, teamId: string, id: string, close: boolean): Promise<YieldPosition> {
    const position = await this.positions.find(tx, teamId, id);
    if (!position) throw new NotFoundError('Position', id);
    if (position.status !== 'open') throw new ConflictError(`Position ${id} is closed already.`, 'position_closed');
    const { program, chain } = this.target(position.programId, position.chain);
    const now = this.clock.now();
    const reward = this.pending(position);
    if (!(await this.positions.harvest(tx, teamId, id, position.rewardsFrom, now, reward, close))) throw new ConflictError(`Position ${id} was harvested or closed meanwhile: read it again.`, 'position_changed');
    const events: NewEvent[] = [];
    if (reward > 0n) {
      if (!this.faucet) throw new BusinessRuleError('rewards_unavailable', 'Program rewards are emitted only on a simulated chain.');
      await this.faucet.mint(tx, chain.name, yieldProgramAddress(chain.chainId, program.id), program.rewardToken, reward);
      await this.#pay(tx, teamId, position.accountId, chain, program, program.rewardToken, reward, 'defi.harvest');
      events.push(this.harvestEvent(position, program, reward, now));
    }
    const after: YieldPosition = { ...position, rewardsFrom: now, harvested: position.harvested + reward, ...(close ? { status: 'closed' as const, closedAt: now } : {}) };
    if (close) {
      await this.#pay(tx, teamId, position.accountId, chain, program, program.token, position.amount, 'defi.unstake');
      events.push(this.positionEvent('position.closed', after));
    }
    await tx.append(events);
    return after;
  }

  /** Rewards accrued by the clock now since the last harvest (0 once closed). */
  pending(position: YieldPosition): bigint {
    if (position.status !== 'open') return 0n;
    return accruedReward(yieldProgram(position.programId)!, position.amount, BigInt(this.clock.now().getTime() - position.rewardsFrom.getTime()), YEAR_MS);
  }

  positionEvent(type: 'position.opened' | 'position.closed', position: YieldPosition): NewEvent {
    const program = yieldProgram(position.programId)!;
    const amount = formatMinor(position.amount, this.#decimals(position.chain, program.token));
    return {
      type,
      teamId: position.teamId,
      aggregateType: 'defi_position',
      aggregateId: position.id,
      payload: {
        position_id: position.id,
        type: program.kind,
        account_id: position.accountId,
        chain: position.chain,
        token: program.token,
        amount,
        settled_amount: position.status === 'closed' ? amount : null,
        interest: null,
        opened_at: position.openedAt.toISOString(),
        closed_at: position.closedAt?.toISOString() ?? null,
      },
    };
  }

  harvestEvent(position: YieldPosition, program: YieldProgram, reward: bigint, at: Date): NewEvent {
    return {
      type: 'yield.harvested',
      teamId: position.teamId,
      aggregateType: 'defi_position',
      aggregateId: position.id,
      payload: {
        position_id: position.id,
        type: program.kind,
        account_id: position.accountId,
        chain: position.chain,
        program: program.id,
        reward_token: program.rewardToken,
        amount: formatMinor(reward, this.#decimals(position.chain, program.rewardToken)),
        rewards_from: position.rewardsFrom.toISOString(),
        harvested_at: at.toISOString(),
      },
    };
  }

  #decimals(chain: string, token: string): number {
    return this.catalog.requireToken(chain, token, '/token').decimals;
  }

  /** The account receives `amount` of `token` from the program (positive) or pays it in (negative), the program's address as counterparty. */
  async #pay(tx: Tx, teamId: string, accountId: string, chain: ChainInfo, program: YieldProgram, token: string, amount: bigint, kind: string): Promise<void> {
    const code = this.holdings.resolve(this.assets.require(token, '/token'), chain.name, '/chain').code;
    await this.ledger.post(tx, teamId, {
      kind,
      legs: [
        { accountId, assetCode: code, amount },
        { accountId: WORLD_ACCOUNT, assetCode: code, amount: -amount },
      ],
      counterparties: { [code]: yieldProgramAddress(chain.chainId, program.id) },
    });
  }
}
