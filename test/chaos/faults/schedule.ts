import type { ChaosRandom } from '../random.js';
import type { ServicePool } from '../service-pool.js';
import type { ClockJump } from './clock-jump.js';
import type { PostgresCluster } from './postgres-cluster.js';
import type { TcpProxy } from './tcp-proxy.js';
import type { ChaosWebhookReceiver } from './webhook-receiver.js';

export type FaultKind = 'kill-9' | 'postgres-restart' | 'db-partition' | 'webhook-receiver' | 'clock-jump';

export interface FaultFigures {
  injected: Record<string, number>;
}

/**
 * Injects the scenario's faults at random moments (every 2–6 s) until
 * `stop()`: kill -9 of one service process (a replacement starts 1 s
 * later, so the other keeps serving meanwhile), an immediate-mode
 * PostgreSQL restart, or the service↔database connection cut for 0.5–3 s.
 * `stop()` waits for the fault in progress to end and every process to
 * be back, so the checkers see a healthy service. The webhook receiver's
 * fault turns the teams' receiver down, slow or garbage-answering for
 * 0.5–3 s (faults/webhook-receiver.ts). The clock jump moves every
 * service process's clock (and the simulated chains' with it) 2 to 20 s
 * forward at once (faults/clock-jump.ts).
 */
export function startFaults(
  kinds: readonly FaultKind[],
  random: ChaosRandom,
  pool: ServicePool,
  proxy: TcpProxy,
  options: { receiver?: ChaosWebhookReceiver | undefined; cluster?: PostgresCluster | undefined; clock?: ClockJump | undefined; first?: FaultKind | undefined } = {},
): { stop(): Promise<FaultFigures> } {
  const { receiver, cluster, clock } = options;
  if (kinds.includes('postgres-restart') && !cluster) throw new Error('the postgres-restart fault needs the harness\'s own cluster');
  const figures: FaultFigures = { injected: {} };
  let running = kinds.length > 0;
  let first = options.first;
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const loop = (async () => {
    while (running) {
      await sleep(2000 + random.int(4000));
      if (!running) break;
      const kind = first ?? random.pick(kinds);
      first = undefined;
      figures.injected[kind] = (figures.injected[kind] ?? 0) + 1;
      if (kind === 'kill-9') {
        const victim = random.int(pool.size);
        pool.killHard(victim);
        await sleep(1000);
        await pool.respawn(victim);
      } else if (kind === 'postgres-restart') {
        cluster!.restartImmediate();
      } else if (kind === 'clock-jump') {
        // 2 to 20 s forward: past most chains' finality at once, well within payment intents' and quotes' lifetimes (a run jumps a few minutes in all).
        if (clock) clock.jump(pool, 2000 + random.int(18_000));
      } else if (kind === 'webhook-receiver') {
        if (receiver) await receiver.strike(random.pick(['down', 'slow', 'garbage'] as const), 500 + random.int(2500));
      } else {
        proxy.cut();
        await sleep(500 + random.int(2500));
        proxy.restore();
      }
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return figures;
    },
  };
}
