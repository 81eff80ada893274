import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { AwaitSignal, defineWorkflow, StepFailure } from '../../kernel/contract/workflow.js';
import { openStore } from '../../adapters/open-store.js';
import { KernelScheduler } from '../../kernel/scheduling/scheduler.js';
import { WorkflowRunner } from '../../kernel/workflows/workflow-runner.js';
import { recordingLogger } from '../adapters/quiet-logger.js';
import { ManualClock } from '../fixtures/manual-clock.js';
import { SeededIds } from '../fixtures/seeded.js';

/**
 * AwaitSignal parks a run at its step: never due (no poll, no deadline)
 * until WorkflowEngine.signal runs the step again in the caller's unit of
 * work; a StepFailure then compensates there too, and a rolled-back signal
 * leaves the run parked.
 */
interface GateState {
  decision?: 'go' | 'stop';
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
    ids: new SeededIds('signal'),
    logger,
    scheduler: new KernelScheduler({ clock, logger }),
    pollIntervalMs: 1000,
    batchSize: 10,
    concurrency: 1,
  });
  const steps: string[] = [];
  runner.register(defineWorkflow<GateState>({
    name: 'test.gate',
    timeoutMs: 60_000,
    steps: [
      { name: 'reserve', run: async () => void steps.push('reserve'), compensate: async () => void steps.push('release') },
      {
        name: 'decide',
        run: async (_tx, state) => {
          if (!state.decision) {
            steps.push('parked');
            return new AwaitSignal({ ...state, parked: true });
          }
          if (state.decision === 'stop') throw new StepFailure('stopped', 'stopped by the signal');
          steps.push('went');
        },
      },
    ],
  }));
  const start = () => store.unitOfWork.run((tx) => runner.start(tx, { definition: 'test.gate', teamId: 'team-a', state: {}, emitEvents: false }));
  return { clock, store, runner, steps, start };
}

test('a parked run is never due, not even past its deadline; the signal runs its step in the caller’s unit of work', async () => {
  const h = await harness();
  const id = await h.start();
  await h.runner.runDue();
  assert.equal(h.steps, ['reserve', 'parked']);
  h.clock.advance(3_600_000);
  assert.is(await h.runner.runDue(), 0, 'parked: nothing due, the deadline does not apply');
  assert.equal((await h.runner.get('team-a', id))?.state, { parked: true });
  assert.is(await h.store.unitOfWork.run((tx) => h.runner.signal(tx, 'team-b', id, { decision: 'go' })), false, "another team's run");
  assert.is(await h.store.unitOfWork.run((tx) => h.runner.signal(tx, 'team-a', id, { decision: 'go' })), true);
  assert.equal(h.steps, ['reserve', 'parked', 'went']);
  assert.is((await h.runner.get('team-a', id))?.status, 'completed');
  assert.is(await h.store.unitOfWork.run((tx) => h.runner.signal(tx, 'team-a', id, { decision: 'go' })), false, 'finished');
  await h.store.close();
});

test('a failing signalled step compensates in the same unit of work; a rolled-back signal leaves the run parked', async () => {
  const h = await harness();
  const id = await h.start();
  await h.runner.runDue();
  await h.store.unitOfWork
    .run(async (tx) => {
      await h.runner.signal(tx, 'team-a', id, { decision: 'go' });
      throw new Error('the caller fails after signalling');
    })
    .catch(() => undefined);
  const parked = await h.runner.get('team-a', id);
  assert.equal([parked?.status, parked?.state], ['running', { parked: true }], 'rolled back with the caller');
  h.steps.length = 0;
  assert.is(await h.store.unitOfWork.run((tx) => h.runner.signal(tx, 'team-a', id, { decision: 'stop' })), true);
  assert.equal(h.steps, ['release'], 'compensated in the signal, not at a later poll');
  const failed = await h.runner.get('team-a', id);
  assert.equal([failed?.status, failed?.error], ['failed', 'stopped by the signal']);
  await h.store.close();
});

test.run();
