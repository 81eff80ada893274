import { inject, injectable } from 'inversify';
import { Clock, formatMinor, UnitOfWork } from '../../../../kernel/public.js';
import type { LendingPosition } from '../../domain/positions/lending-position.js';
import { DefiConfig } from '../../config.js';
import { LendingRepository } from '../../ports.js';
import { formatHealth, LendingBook } from './lending-book.js';

/**
 * The scheduled health check (task defi.lending-health): for every account
 * and chain with debt, the health factor at the feed's prices now; under
 * `lending_warning_health_factor` it emits position.liquidation_warning
 * once per crossing. The crossing is remembered on the borrow positions
 * (`warned`, set by a conditional update, so two processes checking at once
 * emit one warning) and forgotten when the factor stands above again.
 */
@injectable()
export class LendingHealthMonitor {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(LendingRepository) private readonly positions: LendingRepository,
    @inject(LendingBook) private readonly book: LendingBook,
    @inject(DefiConfig) private readonly config: DefiConfig,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  /** The threshold as a health factor with 6 decimals. */
  get threshold(): bigint {
    return BigInt(Math.round(this.config.lending_warning_health_factor * 1_000_000));
  }

  /** One pass; returns how many warnings it emitted. */
  async run(): Promise<number> {
    const open = await this.uow.readOnly((tx) => this.positions.allOpen(tx));
    const groups = new Map<string, LendingPosition[]>();
    for (const position of open) {
      const key = JSON.stringify([position.teamId, position.accountId, position.chain]);
      groups.set(key, [...(groups.get(key) ?? []), position]);
    }
    let warnings = 0;
    for (const group of groups.values()) {
      if (group.some((one) => one.side === 'borrow')) warnings += await this.#check(group[0]!);
    }
    return warnings;
  }

  /** One account on one chain, in its own unit of work, from its positions as they stand now (locked). */
  async #check(sample: LendingPosition): Promise<number> {
    return this.uow.run(async (tx) => {
      const group = await this.positions.openOf(tx, sample.teamId, sample.accountId, sample.chain);
      const borrows = group.filter((one) => one.side === 'borrow');
      const health = await this.book.health(group);
      if (health === undefined) return 0;
      if (health >= this.threshold) {
        await this.positions.setWarned(tx, borrows.filter((one) => one.warned).map((one) => one.id), false);
        return 0;
      }
      const alreadyWarned = borrows.some((one) => one.warned);
      const changed = await this.positions.setWarned(tx, borrows.map((one) => one.id), true);
      if (alreadyWarned || changed.length === 0) return 0;
      await tx.append([
        {
          type: 'position.liquidation_warning',
          teamId: sample.teamId,
          aggregateType: 'account',
          aggregateId: sample.accountId,
          payload: {
            account_id: sample.accountId,
            chain: sample.chain,
            health_factor: formatHealth(health)!,
            threshold: formatMinor(this.threshold, 6),
            borrow_position_ids: borrows.map((one) => one.id),
            checked_at: this.clock.now().toISOString(),
          },
        },
      ]);
      return 1;
    });
  }
}
