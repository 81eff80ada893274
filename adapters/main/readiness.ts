import type { KernelConfig } from '../../config/schema.js';
import { ConsumerStore } from '../../ports/event-consumers.js';
import { EventStore } from '../../ports/event-store.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import type { Token } from '../../kernel/contract/token.js';
import type { ReadinessCheck, Readiness } from '../http/health-probes.js';

export interface ReadinessSources {
  get<T>(port: Token<T>): T;
  readonly config: Pick<KernelConfig, 'readiness'>;
}

/**
 * The store answers a trivial unit of work in time, and every consumer group
 * trails the log's head by at most `maxConsumerLag` positions (the
 * dashboard's `lag_positions`: two indexed reads, whatever the lag, where
 * counting the pending events would scan them on every probe). A lagging
 * group makes the process unready, not unhealthy: traffic waits while the
 * backbone catches up. `maxConsumerLag: null` leaves lag out (a new group
 * rebuilding from the start of a long log would keep every process unready).
 * Migrations need no check: the kernel these come from booted after the
 * store migrated, and the server listens only then.
 */
export function kernelReadiness(kernel: ReadinessSources): Readiness {
  const unitOfWork = kernel.get(UnitOfWork);
  const consumers = kernel.get(ConsumerStore);
  const events = kernel.get(EventStore);
  const { storeTimeoutMs, maxConsumerLag } = kernel.config.readiness;
  return async () => {
    const store = await withinTimeout(unitOfWork.run(async () => undefined), storeTimeoutMs);
    if (!store.ok) return [check('store', store), { name: 'consumers', ok: false, reason: 'the store does not answer' }];
    if (maxConsumerLag === null) return [check('store', store)];
    const lag = await withinTimeout(lagging(consumers, events, BigInt(maxConsumerLag)), storeTimeoutMs);
    const behind: ReadinessCheck | undefined = lag.ok && lag.value.length > 0 ? { name: 'consumers', ok: false, reason: lag.value.join(', ') } : undefined;
    return [check('store', store), behind ?? check('consumers', lag)];
  };
}

async function lagging(consumers: ConsumerStore, events: EventStore, maxConsumerLag: bigint): Promise<string[]> {
  const [head, checkpoints] = await Promise.all([events.head(), consumers.checkpoints()]);
  return checkpoints
    .filter((checkpoint) => head - checkpoint.position > maxConsumerLag)
    .map((checkpoint) => `${checkpoint.group} trails by ${head - checkpoint.position} positions`);
}

type Outcome<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly reason: string };

function check(name: string, outcome: Outcome<unknown>): ReadinessCheck {
  return outcome.ok ? { name, ok: true } : { name, ok: false, reason: outcome.reason };
}

/** A store that hangs must not hang the probe: the balancer's own timeout would read it as a dead process. */
async function withinTimeout<T>(work: Promise<T>, timeoutMs: number): Promise<Outcome<T>> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<Outcome<T>>((resolve) => {
    timer = setTimeout(() => resolve({ ok: false, reason: `no answer within ${timeoutMs} ms` }), timeoutMs);
  });
  try {
    return await Promise.race([
      work.then((value): Outcome<T> => ({ ok: true, value }), (error: unknown): Outcome<T> => ({ ok: false, reason: error instanceof Error ? error.message : String(error) })),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
