import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { pause } from '../../kernel/scheduling/pause.js';
import { bootTestKernel, type TestKernel, type TestUser } from '../fixtures/boot.js';

/**
 * A server started in a voting window shows the month's automatic proposal
 * at once: the Scheduler runs gcu's full tick at start, not a
 * tick_interval_ms later. The clock never moves, so only that first pass
 * can have announced it.
 */
const NOW = '2026-01-27T12:00:00.000Z';
/** How long the first pass may take on a slow machine; the old code never announced within it. */
const WAIT_MS = 10_000;

async function activeProposals(k: TestKernel, user: TestUser): Promise<any[]> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const response = await k.request('GET', '/api/v2/gcu/voting/proposals?status=active', { key: user.key });
    assert.is(response.status, 200, JSON.stringify(response.body));
    if (response.body.data.length > 0 || Date.now() >= deadline) return response.body.data;
    // The first pass runs in the background of the started server; look again shortly.
    await pause(20);
  }
}

test('a freshly started server shows the active GCU proposal right away, without the clock moving', async () => {
  const k = await bootTestKernel({
    modules: ['identity', 'core-banking', 'gcu'],
    background: true,
    now: NOW,
    config: { prices: { source: 'simulated', seed: 'first-tick', epoch: '2026-01-26T00:00:00Z' }, pluginConfig: { gcu: { tick_interval_ms: 60_000 } } } as any,
  });
  try {
    const user = await k.createUser('Newcomer');
    const active = await activeProposals(k, user);
    assert.equal(
      active.map((proposal) => [proposal.period, proposal.voting_starts_at, proposal.voting_ends_at]),
      [['2026-02', NOW, '2026-02-01T00:00:00.000Z']],
    );
  } finally {
    await k.close();
  }
});

test.run();
