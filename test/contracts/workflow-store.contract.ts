import * as assert from 'uvu/assert';
import type { WorkflowStatus } from '../../kernel/contract/workflow.js';
import type { WorkflowInstance } from '../../ports/workflow-store.js';
import { barrier, contractSuite, type OpenStore, rejection, runsConcurrently } from './harness.js';

const T0 = new Date('2026-03-01T12:00:00.000Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

function run(id: string, overrides: Partial<WorkflowInstance> = {}): WorkflowInstance {
  return {
    id,
    teamId: 'team-1',
    definition: 'core-banking.transfer-settlement',
    status: 'running',
    stepIndex: 0,
    state: { transferId: id, amount: '1000.000000000000000001', steps: ['reserve'] },
    attempts: 0,
    error: null,
    emitEvents: true,
    nextRunAt: T0,
    deadlineAt: null,
    createdAt: at(-60),
    updatedAt: at(-60),
    ...overrides,
  };
}

export function workflowStoreContract(label: string, open: OpenStore): void {
  const { it, store, suite } = contractSuite(`${label}: workflow store`, open);

  const insert = (...runs: WorkflowInstance[]) => store().unitOfWork.run((tx) => store().workflows.insert(tx, runs));

  it('insert then get returns every field; get is scoped by team', async () => {
    const { workflows } = store();
    const full = run('w1', { deadlineAt: at(3600), error: 'previous failure', attempts: 2, stepIndex: 1, emitEvents: false });
    await insert(full, run('w2'));
    assert.equal(await workflows.get('team-1', 'w1'), full);
    assert.equal(await workflows.get('team-1', 'w2'), run('w2'));
    assert.is(await workflows.get('team-2', 'w1'), undefined);
    assert.is(await workflows.get('team-1', 'missing'), undefined);
  });

  it('update persists the mutable fields; a rolled-back insert or update leaves no trace', async () => {
    const { unitOfWork, workflows } = store();
    await insert(run('w1'));
    const changed = run('w1', {
      status: 'compensating',
      stepIndex: 2,
      state: { transferId: 'w1', pendingId: 'p-9' },
      attempts: 3,
      error: 'sanctions hit',
      nextRunAt: at(30),
      updatedAt: at(1),
    });
    await unitOfWork.run((tx) => workflows.update(tx, [changed]));
    assert.equal(await workflows.get('team-1', 'w1'), changed);

    await rejection(
      unitOfWork.run(async (tx) => {
        await workflows.update(tx, [{ ...changed, status: 'failed', stepIndex: 9 }]);
        await workflows.insert(tx, [run('w-new')]);
        throw new Error('step failed');
      }),
    );
    assert.equal(await workflows.get('team-1', 'w1'), changed);
    assert.is(await workflows.get('team-1', 'w-new'), undefined);
  });

  it('updating a run that does not exist (or of another team) fails', async () => {
    const { unitOfWork, workflows } = store();
    await insert(run('w1'));
    await rejection(unitOfWork.run((tx) => workflows.update(tx, [run('nope')])));
    await rejection(unitOfWork.run((tx) => workflows.update(tx, [run('w1', { teamId: 'team-2', status: 'failed' })])));
    // One missing run fails the whole update: the existing one is not changed either.
    await rejection(unitOfWork.run((tx) => workflows.update(tx, [run('w1', { status: 'failed' }), run('nope')])));
    assert.is((await workflows.get('team-1', 'w1'))!.status, 'running');
  });

  it('a changed instance object changes nothing until update', async () => {
    const { workflows } = store();
    const mine = run('w1');
    await insert(mine);
    mine.status = 'failed';
    (mine.state as { amount: string }).amount = '0';
    const stored = await workflows.get('team-1', 'w1');
    assert.is(stored!.status, 'running');
    assert.is(stored!.state.amount, '1000.000000000000000001');
  });

  it('update writes many runs at once', async () => {
    const { unitOfWork, workflows } = store();
    await insert(run('w1'), run('w2'), run('w3'));
    await unitOfWork.run((tx) =>
      workflows.update(tx, [run('w1', { stepIndex: 1, updatedAt: at(1) }), run('w3', { status: 'completed', state: { done: true }, updatedAt: at(2) })]),
    );
    assert.equal(await workflows.get('team-1', 'w1'), run('w1', { stepIndex: 1, updatedAt: at(1) }));
    assert.equal(await workflows.get('team-1', 'w2'), run('w2'));
    assert.equal(await workflows.get('team-1', 'w3'), run('w3', { status: 'completed', state: { done: true }, updatedAt: at(2) }));
  });

  it('dueRuns lists unfinished runs due at `now`, oldest first, up to `limit`, with their step', async () => {
    const finished: WorkflowStatus[] = ['completed', 'failed', 'timed_out'];
    await insert(
      run('due-late', { nextRunAt: at(-10) }),
      run('due-early', { nextRunAt: at(-20) }),
      run('due-now', { nextRunAt: T0 }),
      run('compensating', { status: 'compensating', nextRunAt: at(-5) }),
      run('future', { nextRunAt: at(1) }),
      ...finished.map((status) => run(status, { status, nextRunAt: at(-100) })),
    );
    const { workflows } = store();
    const ids = async (now: Date, limit: number) => (await workflows.dueRuns(now, limit)).map((r) => r.id);
    assert.equal(await ids(T0, 100), ['due-early', 'due-late', 'compensating', 'due-now']);
    assert.equal(await ids(T0, 2), ['due-early', 'due-late']);
    assert.equal(await ids(at(1), 100), ['due-early', 'due-late', 'compensating', 'due-now', 'future']);
    assert.equal(await ids(at(-1000), 100), []);
    const [compensating] = (await workflows.dueRuns(T0, 100)).filter((r) => r.id === 'compensating');
    assert.equal(compensating, { id: 'compensating', definition: 'core-banking.transfer-settlement', status: 'compensating', stepIndex: 0, deadlineAt: null });
  });

  it('nextDueAt is the earliest next run of unfinished runs', async () => {
    const { workflows } = store();
    assert.is(await workflows.nextDueAt(), undefined);
    await insert(run('done', { status: 'completed', nextRunAt: at(-100) }), run('later', { nextRunAt: at(50) }), run('sooner', { nextRunAt: at(20) }));
    assert.equal(await workflows.nextDueAt(), at(20));
  });

  it('lockDue returns the due, unfinished runs in id order and leaves out future, finished or missing runs', async () => {
    const { unitOfWork, workflows } = store();
    await insert(
      run('due-b', { nextRunAt: at(-1) }),
      run('due-a', { nextRunAt: at(-2) }),
      run('future', { nextRunAt: at(1) }),
      run('done', { status: 'completed', nextRunAt: at(-1) }),
    );
    await unitOfWork.run(async (tx) => {
      assert.equal(await workflows.lockDue(tx, ['due-b', 'future', 'done', 'missing', 'due-a'], T0), [
        run('due-a', { nextRunAt: at(-2) }),
        run('due-b', { nextRunAt: at(-1) }),
      ]);
      assert.equal(await workflows.lockDue(tx, [], T0), []);
    });
    assert.is((await unitOfWork.run((tx) => workflows.lockDue(tx, ['future'], at(1)))).length, 1);
  });

  it('a run locked by one transaction is not handed to another', async () => {
    const { unitOfWork, workflows } = store();
    await insert(run('w'));
    const racers = 8;
    // On PostgreSQL every racer is inside its transaction when it tries (the barrier);
    // serialised stores run them one by one and each winner finishes the run.
    const allIn = runsConcurrently(store()) ? barrier(racers) : undefined;
    const winners = await Promise.all(
      Array.from({ length: racers }, () =>
        unitOfWork.run(async (tx) => {
          const [locked] = await workflows.lockDue(tx, ['w'], T0);
          if (locked) await workflows.update(tx, [{ ...locked, status: 'completed', updatedAt: at(1) }]);
          await allIn?.arrive();
          return locked !== undefined;
        }),
      ),
    );
    assert.is(winners.filter(Boolean).length, 1);
    assert.is((await workflows.get('team-1', 'w'))!.status, 'completed');
  });

  it('concurrent runners share due runs without overlap', async () => {
    const { unitOfWork, workflows } = store();
    const ids = Array.from({ length: 12 }, (_, i) => `w${String(i).padStart(2, '0')}`);
    await insert(...ids.map((id) => run(id)));
    const runners = 4;
    const allIn = runsConcurrently(store()) ? barrier(runners) : undefined;
    const claimed = await Promise.all(
      Array.from({ length: runners }, (_, runner) =>
        unitOfWork.run(async (tx) => {
          const mine: string[] = [];
          // Half the runners claim one run at a time, half all due runs at once.
          const due = (await workflows.dueRuns(T0, 100)).map((r) => r.id);
          const claims = runner % 2 === 0 ? due.map((id) => [id]) : [due];
          for (const ids of claims) {
            const locked = await workflows.lockDue(tx, ids, T0);
            await workflows.update(tx, locked.map((r) => ({ ...r, status: 'completed' as const, updatedAt: at(1) })));
            mine.push(...locked.map((r) => r.id));
          }
          await allIn?.arrive();
          return mine;
        }),
      ),
    );
    const all = claimed.flat();
    assert.is(new Set(all).size, all.length, 'a run was claimed twice');
    assert.is(all.length, ids.length);
  });

  suite.run();
}
