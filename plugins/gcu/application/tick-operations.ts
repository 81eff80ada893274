import { inject, injectable } from 'inversify';
import type { Operation } from '../../../kernel/public.js';
import { GovernanceTick, type TickReport } from './governance-tick.js';

/** `gcu tick`: run the scheduler once now (what the kernel's Scheduler does every tick_interval_ms). */
@injectable()
export class RunTickOperation implements Operation<{ startOnly?: boolean }, TickReport> {
  constructor(@inject(GovernanceTick) private readonly tick: GovernanceTick) {}
  execute(input: { startOnly?: boolean } = {}) {
    return input?.startOnly === true ? this.tick.start() : this.tick.run();
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
