import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { defineWorkflow, StepFailure } from '../../kernel/contract/workflow.js';
import { openStore } from '../../adapters/open-store.js';
import { KernelScheduler } from '../../kernel/scheduling/scheduler.js';
import { WorkflowRunner } from '../../kernel/workflows/workflow-runner.js';
import { recordingLogger } from '../adapters/quiet-logger.js';
import { ManualClock } from '../fixtures/manual-clock.js';
import { SeededIds } from '../fixtures/seeded.js';

/**
 * A step's notBefore: the run waits for the time the previous step's state
 * names (a bridge transfer waiting for the source chain's finality), and
 * compensation never waits.
 */
interface WaitState {
  readonly wait_until: string;
  [key: string]: unknown;
}

async function harness() {
  const clock = new ManualClock('2026-03-01T00:00:00.000Z');
  const store = await openStore({ kind: 'memory', clock });
  await store.init();
  const logger = recordingLogger();
  const runner = new WorkflowRunner({
    store: store.workflows,
    unitOfWork: store.unitOfWork,
    clock,
    ids: new SeededIds('not-before'),
    logger,
    scheduler: new KernelScheduler({ clock, logger }),
    pollIntervalMs: 1000,
    batchSize: 10,
    concurrency: 1,
  });
  const steps: string[] = [];
  runner.register(defineWorkflow<WaitState>({
    name: 'test.waits',
    steps: [
      { name: 'first', run: async () => void steps.push('first'), compensate: async () => void steps.push('undo first') },
      { name: 'second', notBefore: (state) => new Date(state.wait_until), run: async () => void steps.push('second') },
      {
        name: 'third',
        notBefore: (state) => new Date(new Date(state.wait_until).getTime() + 1_000),
        run: async (_tx, state) => {
          if (state.fail) throw new StepFailure('no', 'refused');
          steps.push('third');
        },
      },
    ],
  }));
  return { clock, store, runner, steps };
}

test('each step waits for its notBefore; a failure compensates at once', async () => {
  const h = await harness();
  const start = (state: Record<string, unknown>) => h.store.unitOfWork.run((tx) => h.runner.start(tx, { definition: 'test.waits', teamId: 'team-a', state, emitEvents: false }));
  const id = await start({ wait_until: '2026-03-01T00:00:10.000Z' });
  await h.runner.runDue();
  assert.equal(h.steps, ['first'], 'second waits');
  h.clock.advance(9_999);
  await h.runner.runDue();
  assert.equal(h.steps, ['first']);
  h.clock.advance(1);
  await h.runner.runDue();
  assert.equal(h.steps, ['first', 'second'], 'due at its time; third waits a second more');
  h.clock.advance(1_000);
  await h.runner.runDue();
  assert.equal(h.steps, ['first', 'second', 'third']);
  assert.is((await h.runner.get('team-a', id))?.status, 'completed');

  h.steps.length = 0;
  const failing = await start({ wait_until: '2026-03-01T00:00:20.000Z', fail: true });
  h.clock.advance(20_000);
  await h.runner.runDue();
  await h.runner.runDue();
  await h.runner.runDue();
  assert.equal(h.steps, ['first', 'second', 'undo first']);
  assert.is((await h.runner.get('team-a', failing))?.status, 'failed');
  await h.store.close();
});

test.run();
