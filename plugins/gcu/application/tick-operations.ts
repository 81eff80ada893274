import { inject, injectable } from 'inversify';
import type { Operation } from '../../../kernel/contract/route.js';
import { GovernanceTick, type TickReport } from './governance-tick.js';

/** `gcu tick`: run the scheduler once now (what the timer does every tick_interval_ms). */
@injectable()
export class RunTickOperation implements Operation<{ backfill?: boolean }, TickReport> {
  constructor(@inject(GovernanceTick) private readonly tick: GovernanceTick) {}
  execute(input: { backfill?: boolean } = {}) {
    return this.tick.run({ backfill: input?.backfill !== false });
  }
}

/** `gcu rebalance` and POST /admin/gcu/rebalance: close due proposals and rebalance now, whatever the calendar says. */
@injectable()
export class RebalanceOperation implements Operation<unknown, TickReport> {
  constructor(@inject(GovernanceTick) private readonly tick: GovernanceTick) {}
  execute() {
    return this.tick.run({ forceRebalance: true });
  }
}
