import type { KernelConfig } from '../../config/schema.js';
import { ConsumerStore } from '../../ports/event-consumers.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import type { Token } from '../../kernel/contract/token.js';
import type { ReadinessCheck, Readiness } from '../http/health-probes.js';

export interface ReadinessSources {
  get<T>(port: Token<T>): T;
  readonly config: Pick<KernelConfig, 'readiness'>;
}

/**
 * The store answers a trivial unit of work in time, and every consumer group trails the log by at most `maxConsumerLag` events
 * (what the dashboard counts as pending). Migrations need no check: the
 * kernel these come from booted after the store migrated, and the server
 * listens only then. A lagging group makes the process
 * unready, not unhealthy: traffic waits while the backbone catches up.
 */
export function kernelReadiness(kernel: ReadinessSources): Readiness {
  const unitOfWork = kernel.get(UnitOfWork);
  const consumers = kernel.get(ConsumerStore);
  const { storeTimeoutMs, maxConsumerLag } = kernel.config.readiness;
  return async () => {
    const store = await withinTimeout(unitOfWork.run(async () => undefined), storeTimeoutMs);
    if (!store.ok) return [check('store', store), { name: 'consumers', ok: false, reason: 'the store does not answer' }];
    const lag = await withinTimeout(lagging(consumers, maxConsumerLag), storeTimeoutMs);
    const behind: ReadinessCheck | undefined = lag.ok && lag.value.length > 0 ? { name: 'consumers', ok: false, reason: lag.value.join(', ') } : undefined;
    return [check('store', store), behind ?? check('consumers', lag)];
  };
}

async function lagging(consumers: ConsumerStore, maxConsumerLag: number): Promise<string[]> {
  const behind: string[] = [];
  for (const checkpoint of await consumers.checkpoints()) {
    const pending = (await consumers.pendingByType(checkpoint.cursor)).reduce((sum, { count }) => sum + count, 0);
    if (pending > maxConsumerLag) behind.push(`${checkpoint.group} trails by ${pending} events`);
  }
  return behind;
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
