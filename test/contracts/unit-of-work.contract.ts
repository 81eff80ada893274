import * as assert from 'uvu/assert';
import type { NewEvent } from '../../kernel/contract/event.js';
import type { Tx } from '../../ports/unit-of-work.js';
import { barrier, contractSuite, deferred, Log, type OpenStore, rejection, runsConcurrently, turns } from './harness.js';
import { type Items, openItems } from './items.js';
import { sqlStateOf } from '../../adapters/sql/retry.js';

const event = (aggregateId: string, n = 1): NewEvent => ({
  type: 'contract.happened',
  teamId: 'team-1',
  aggregateType: 'thing',
  aggregateId,
  payload: { n, amount: '10.25' },
});

/** A driver error as pg raises it: PostgreSQL has already rolled the transaction back. */
function sqlStateError(code: string): Error {
  return Object.assign(new Error(`simulated SQLSTATE ${code}`), { code });
}

export function unitOfWorkContract(label: string, open: OpenStore): void {
  let items!: Items;
  const { it, store, suite } = contractSuite(`${label}: unit of work`, open, async (s) => {
    items = await openItems(s);
  });
  suite.before.each(() => items.reset());

  it('commit makes writes and events visible together', async () => {
    const { unitOfWork, eventStore } = store();
    const result = await unitOfWork.run(async (tx) => {
      await items.put(tx, 'a', 'one');
      await tx.append([event('a')]);
      return 'done';
    });
    assert.is(result, 'done');
    assert.is(await items.get('a'), 'one');
    const events = await eventStore.readAfter(0n, 10);
    assert.is(events.length, 1);
    assert.is(events[0]!.aggregateId, 'a');
    assert.equal(events[0]!.payload, { n: 1, amount: '10.25' });
    assert.is(await eventStore.head(), events[0]!.position);
  });

  it('a throw rolls back writes, events and afterCommit hooks, and rethrows the same error', async () => {
    const { unitOfWork, eventStore } = store();
    await unitOfWork.run(async (tx) => items.put(tx, 'kept', 'before'));
    const headBefore = await eventStore.head();
    const boom = new Error('boom');
    let hookRan = false;
    const failure = await unitOfWork
      .run(async (tx) => {
        await items.put(tx, 'new', 'x');
        await items.put(tx, 'kept', 'overwritten');
        await tx.append([event('new'), event('new', 2)]);
        tx.afterCommit(() => (hookRan = true));
        throw boom;
      })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    assert.is(failure, boom);
    assert.is(await items.get('new'), undefined);
    assert.is(await items.get('kept'), 'before');
    assert.is(await eventStore.head(), headBefore);
    assert.equal(await eventStore.readAfter(headBefore, 10), []);
    assert.is(hookRan, false);
  });

  it('readOnly sees committed state and refuses events and hooks outside a transaction', async () => {
    const { unitOfWork, eventStore } = store();
    await unitOfWork.run(async (tx) => items.put(tx, 'r', 'committed'));
    assert.is(await unitOfWork.readOnly((tx) => items.getForUpdate(tx, 'r')), 'committed');
    const head = await eventStore.head();
    const refusal = await rejection(unitOfWork.readOnly((tx) => tx.append([event('r')])));
    assert.ok(refusal instanceof Error);
    assert.ok((await rejection(unitOfWork.readOnly(async (tx) => tx.afterCommit(() => undefined)))) instanceof Error);
    assert.is(await eventStore.head(), head);
  });

  it('readOnly inside run joins the transaction and sees its uncommitted writes', async () => {
    const { unitOfWork } = store();
    const seen = await unitOfWork.run(async (tx) => {
      await items.put(tx, 'j', 'uncommitted');
      return unitOfWork.readOnly((inner) => items.getForUpdate(inner, 'j'));
    });
    assert.is(seen, 'uncommitted');
  });

  it('events of an open transaction are invisible to other readers until commit', async () => {
    const { unitOfWork, eventStore } = store();
    const appended = deferred();
    const release = deferred();
    const running = unitOfWork.run(async (tx) => {
      await tx.append([event('pending')]);
      appended.resolve();
      await release.promise;
    });
    await appended.promise;
    let outsideDone = false;
    const outside = eventStore.readAfter(0n, 10).then((events) => {
      outsideDone = true;
      return events;
    });
    if (store().kind === 'pglite') {
      // One connection: the outside read can only run after the transaction ends.
      await turns();
      assert.is(outsideDone, false, 'a read ran while the PGlite transaction was open');
      release.resolve();
      await running;
      assert.is((await outside).length, 1);
    } else {
      assert.equal(await outside, [], 'an uncommitted event was visible');
      release.resolve();
      await running;
      assert.is((await eventStore.readAfter(0n, 10)).length, 1);
    }
  });

  it('a nested run joins the open transaction (same tx, rolled back with it, no deadlock)', async () => {
    const { unitOfWork, eventStore, workflows } = store();
    const seen: Tx[] = [];
    const failure = await unitOfWork
      .run(async (outer) => {
        seen.push(outer);
        await unitOfWork.run(async (inner) => {
          seen.push(inner);
          await items.put(inner, 'inner', 'x');
          await inner.append([event('inner')]);
          await unitOfWork.run(async (innermost) => {
            seen.push(innermost);
          });
        });
        // Reads through the ports inside a transaction must use it (PGlite would deadlock otherwise).
        await eventStore.head();
        await workflows.get('team-1', 'nothing');
        assert.is(await items.getForUpdate(outer, 'inner'), 'x');
        throw new Error('outer fails after the inner run returned');
      })
      .catch((e: Error) => e);
    assert.instance(failure, Error);
    assert.is((failure as Error).message, 'outer fails after the inner run returned');
    assert.is(seen.length, 3);
    assert.ok(seen[1] === seen[0] && seen[2] === seen[0], 'nested runs got another transaction');
    assert.is(await items.get('inner'), undefined);
    assert.is(await eventStore.head(), 0n);
  });

  it('afterCommit hooks run once, in order, only after commit, and see committed data', async () => {
    const { unitOfWork } = store();
    const log = new Log();
    let seenByHook: Promise<string | undefined> | undefined;
    await unitOfWork.run(async (tx) => {
      await items.put(tx, 'h', 'committed');
      tx.afterCommit(() => log.add('first'));
      tx.afterCommit(() => {
        log.add('second');
        seenByHook = items.get('h');
      });
      await unitOfWork.run(async (inner) => inner.afterCommit(() => log.add('nested')));
      log.add('work done');
    });
    assert.equal(log.entries, ['work done', 'first', 'second', 'nested']);
    assert.is(await seenByHook, 'committed');
  });

  it('a failing afterCommit hook neither undoes the commit nor stops later hooks', async () => {
    const { unitOfWork } = store();
    const log = new Log();
    const result = await unitOfWork.run(async (tx) => {
      await items.put(tx, 'k', 'v');
      tx.afterCommit(() => {
        throw new Error('hook failure (expected in this test)');
      });
      tx.afterCommit(() => log.add('later hook'));
      return 42;
    });
    assert.is(result, 42);
    assert.is(await items.get('k'), 'v');
    assert.equal(log.entries, ['later hook']);
  });

  it('the events-committed hook fires once per commit that appended events, after its afterCommit hooks, until unsubscribed', async () => {
    const { unitOfWork } = store();
    const log = new Log();
    const unsubscribe = unitOfWork.onEventsCommitted(() => log.add('events committed'));
    try {
      await unitOfWork.run(async (tx) => {
        await tx.append([event('e1')]);
        await unitOfWork.run((inner) => inner.append([event('e1', 2)]));
        tx.afterCommit(() => log.add('afterCommit'));
      });
      assert.equal(log.entries, ['afterCommit', 'events committed'], 'once for the whole unit, nested appends included');
      await unitOfWork.run((tx) => items.put(tx, 'no-events', 'x'));
      await unitOfWork.run((tx) => tx.append([]));
      await rejection(
        unitOfWork.run(async (tx) => {
          await tx.append([event('e2')]);
          throw new Error('rolled back');
        }),
      );
      assert.is(log.entries.length, 2, 'not for a unit without events, nor for one rolled back');
    } finally {
      unsubscribe();
    }
    await unitOfWork.run((tx) => tx.append([event('e3')]));
    assert.is(log.entries.length, 2, 'not after unsubscribing');
  });

  it('inTransaction is true only inside run, in its own async context', async () => {
    const { unitOfWork } = store();
    assert.is(unitOfWork.inTransaction(), false);
    const inside = await unitOfWork.run(async () => unitOfWork.inTransaction());
    assert.is(inside, true);
    assert.is(unitOfWork.inTransaction(), false);
  });

  it('concurrent read-modify-write units of work lose no update', async () => {
    const { unitOfWork } = store();
    await unitOfWork.run((tx) => items.put(tx, 'counter', '0'));
    const workers = 20;
    await Promise.all(
      Array.from({ length: workers }, () =>
        unitOfWork.run(async (tx) => {
          const current = Number(await items.getForUpdate(tx, 'counter'));
          await turns(1); // let the others interleave here if nothing serialises them
          await items.put(tx, 'counter', String(current + 1));
        }),
      ),
    );
    assert.is(await items.get('counter'), String(workers));
  });

  it('a transient conflict (40001) is retried on PostgreSQL only, discarding the failed attempt', async () => {
    const { unitOfWork, eventStore } = store();
    let attempts = 0;
    const hooks: number[] = [];
    const outcome = await unitOfWork
      .run(async (tx) => {
        attempts++;
        await items.put(tx, `attempt-${attempts}`, 'x');
        await tx.append([event(`attempt-${attempts}`)]);
        const n = attempts;
        tx.afterCommit(() => hooks.push(n));
        if (attempts === 1) throw sqlStateError('40001');
        return 'ok';
      })
      .catch((e: Error) => e);
    if (runsConcurrently(store())) {
      assert.is(outcome, 'ok');
      assert.is(attempts, 2);
      assert.is(await items.get('attempt-1'), undefined);
      assert.is(await items.get('attempt-2'), 'x');
      const events = await eventStore.readAfter(0n, 10);
      assert.equal(
        events.map((e) => e.aggregateId),
        ['attempt-2'],
      );
      assert.equal(hooks, [2]);
    } else {
      assert.instance(outcome, Error);
      assert.is(attempts, 1);
      assert.is(await items.get('attempt-1'), undefined);
      assert.equal(hooks, []);
    }
  });

  it('retries are bounded: a conflict that never clears surfaces after the last attempt', async () => {
    const { unitOfWork } = store();
    let attempts = 0;
    const outcome = await unitOfWork
      .run(async () => {
        attempts++;
        throw sqlStateError('40P01');
      })
      .catch((e: { code?: string; status?: number }) => e);
    // The SQL stores answer it as 503 store_unavailable (adapters/sql/connection-errors.ts), the conflict kept as its cause.
    assert.is(sqlStateOf(outcome), '40P01');
    if (outcome.code !== '40P01') assert.equal([outcome.code, outcome.status], ['store_unavailable', 503]);
    assert.is(attempts, runsConcurrently(store()) ? 5 : 1);
  });

  it('other errors are never retried', async () => {
    const { unitOfWork } = store();
    let attempts = 0;
    await unitOfWork
      .run(async () => {
        attempts++;
        throw sqlStateError('23505');
      })
      .catch(() => undefined);
    assert.is(attempts, 1);
  });

  it('a real deadlock on PostgreSQL is detected and retried until both transactions commit', async () => {
    const { unitOfWork } = store();
    await unitOfWork.run(async (tx) => {
      await items.put(tx, 'left', '0');
      await items.put(tx, 'right', '0');
    });
    if (!runsConcurrently(store())) {
      // Serialised stores cannot deadlock: the two orders simply run one after the other.
      await Promise.all([
        unitOfWork.run(async (tx) => {
          await items.put(tx, 'left', 'a');
          await items.put(tx, 'right', 'a');
        }),
        unitOfWork.run(async (tx) => {
          await items.put(tx, 'right', 'b');
          await items.put(tx, 'left', 'b');
        }),
      ]);
      assert.equal([await items.get('left'), await items.get('right')], ['b', 'b']);
      return;
    }
    // Each takes its first row, waits until the other holds its first row too, then asks for the other's.
    const bothHoldOne = barrier(2);
    let attempts = 0;
    const cross = (first: string, second: string, value: string) =>
      unitOfWork.run(async (tx) => {
        attempts++;
        await items.put(tx, first, value);
        await bothHoldOne.arrive();
        await items.put(tx, second, value);
      });
    await Promise.all([cross('left', 'right', 'a'), cross('right', 'left', 'b')]);
    assert.is(attempts, 3, 'exactly one transaction should have been chosen as the deadlock victim and retried');
    const left = await items.get('left');
    assert.ok(left === 'a' || left === 'b');
    assert.is(await items.get('right'), left, 'the retried transaction ran whole, after the other');
  });

  it('a finished transaction refuses late use', async () => {
    const { unitOfWork } = store();
    let leaked: Tx | undefined;
    await unitOfWork.run(async (tx) => {
      leaked = tx;
    });
    assert.throws(() => leaked!.afterCommit(() => undefined));
    await rejection(leaked!.append([event('late')]));
  });

  suite.run();
}
