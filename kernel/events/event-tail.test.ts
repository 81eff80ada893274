import { test } from 'uvu';
import * as assert from 'uvu/assert';
import sinon from 'sinon';
import type { StoredEvent } from '../contract/event.js';
import type { EventStore } from '../../ports/event-store.js';
import { EventTail } from './event-tail.js';

/** An event store held in an array: enough to drive the tail. */
function arrayStore(): EventStore & { add(type: string): void } {
  const events: StoredEvent[] = [];
  return {
    add(type) {
      const position = BigInt(events.length + 1);
      events.push({ id: `e${position}`, position, type, version: 1, teamId: 't', aggregateType: 'a', aggregateId: '1', payload: {}, occurredAt: new Date(0) } as unknown as StoredEvent);
    },
    async head() {
      return BigInt(events.length);
    },
    async readAfter(after, limit) {
      return events.filter((event) => event.position > after).slice(0, limit);
    },
    async forAggregate() {
      return [];
    },
  };
}

const logger = { debug: sinon.spy(), info: sinon.spy(), warn: sinon.spy(), error: sinon.spy() };

test('a listener gets events committed after it subscribed, in order, and none from before', async () => {
  const store = arrayStore();
  store.add('old');
  const tail = new EventTail(store, logger, 1_000_000);
  const seen: string[] = [];
  const stop = tail.subscribe((event) => seen.push(event.type));
  await tail.drain();
  store.add('first');
  store.add('second');
  tail.poke();
  await tail.drain();
  assert.equal(seen, ['first', 'second']);
  stop();
});

test('a following tail starts a new listener at once: an event committed right after subscribe is not missed', async () => {
  const store = arrayStore();
  store.add('old');
  const tail = new EventTail(store, logger, 1_000_000);
  await tail.follow();
  const seen: string[] = [];
  const stop = tail.subscribe((event) => seen.push(event.type));
  // Committed before the tail could have read the head for this listener.
  store.add('racing');
  tail.poke();
  await tail.drain();
  assert.equal(seen, ['racing']);
  stop();
  store.add('after-unsubscribe');
  await tail.drain();
  assert.equal(seen, ['racing']);
  await tail.unfollow();
});

test('following with nobody listening keeps its place from the head without reading events', async () => {
  const store = arrayStore();
  const readAfter = sinon.spy(store, 'readAfter');
  const tail = new EventTail(store, logger, 1_000_000);
  await tail.follow();
  store.add('unheard');
  await tail.drain();
  assert.is(readAfter.callCount, 0);
  const seen: string[] = [];
  const stop = tail.subscribe((event) => seen.push(event.type));
  store.add('heard');
  tail.poke();
  await tail.drain();
  assert.equal(seen, ['heard']);
  stop();
  await tail.unfollow();
});

test('a listener joining while an idle pass reads the head still gets what committed during that read', async () => {
  const store = arrayStore();
  const tail = new EventTail(store, logger, 1_000_000);
  await tail.follow();
  await tail.drain();
  const seen: string[] = [];
  let stop = (): void => {};
  const head = store.head.bind(store);
  // The head read runs while the listener subscribes and an event commits behind it.
  sinon.stub(store, 'head').callsFake(async () => {
    stop = tail.subscribe((event) => seen.push(event.type));
    store.add('during');
    return head();
  });
  await tail.drain();
  assert.equal(seen, ['during']);
  stop();
  await tail.unfollow();
});

test('a listener naming its types gets only those; while every listener names types, only those are read and the place moves to the head', async () => {
  const store = arrayStore();
  const reads = sinon.spy(store, 'readAfter');
  const tail = new EventTail(store, logger, 1_000_000);
  await tail.follow();
  const revocations: string[] = [];
  const stopFiltered = tail.subscribe((event) => revocations.push(event.type), { types: ['key.revoked'] });
  store.add('transfer.created');
  store.add('key.revoked');
  store.add('transfer.settled');
  tail.poke();
  await tail.drain();
  assert.equal(revocations, ['key.revoked']);
  assert.equal(reads.lastCall.args[2], ['key.revoked']);
  // The place is the head, so the next read starts after the last event, not after the last revocation.
  reads.resetHistory();
  await tail.drain();
  assert.is(reads.lastCall.args[0], 3n);
  // A listener taking every event makes the reads whole again; each listener still gets only what it asked for.
  const everything: string[] = [];
  const stopAll = tail.subscribe((event) => everything.push(event.type));
  store.add('transfer.created');
  store.add('key.revoked');
  tail.poke();
  await tail.drain();
  assert.is(reads.lastCall.args[2], undefined);
  assert.equal(everything, ['transfer.created', 'key.revoked']);
  assert.equal(revocations, ['key.revoked', 'key.revoked']);
  stopAll();
  stopFiltered();
  await tail.unfollow();
});

test('a throwing listener is logged and does not stop the others', async () => {
  const store = arrayStore();
  const tail = new EventTail(store, logger, 1_000_000);
  await tail.follow();
  const seen: string[] = [];
  tail.subscribe(() => {
    throw new Error('boom');
  });
  tail.subscribe((event) => seen.push(event.type));
  store.add('x');
  await tail.drain();
  assert.equal(seen, ['x']);
  assert.ok(logger.error.called);
  await tail.unfollow();
});

test('a lazy listener does not make a commit read the log: it gets the events at the next read', async () => {
  const store = arrayStore();
  const reads = sinon.spy(store, 'readAfter');
  const tail = new EventTail(store, logger, 1_000_000);
  await tail.follow();
  await tail.drain();
  const seen: string[] = [];
  const stop = tail.subscribe((event) => seen.push(event.type), { lazy: true });
  reads.resetHistory();
  store.add('revoked');
  tail.poke();
  await new Promise((resolve) => setImmediate(resolve));
  assert.is(reads.callCount, 0, 'the poke read nothing');
  await tail.drain();
  assert.equal(seen, ['revoked']);
  // An eager listener beside it: a poke reads again, for both.
  const eager: string[] = [];
  const stopEager = tail.subscribe((event) => eager.push(event.type));
  store.add('next');
  tail.poke();
  await tail.drain();
  assert.equal([seen, eager], [['revoked', 'next'], ['next']]);
  stopEager();
  stopEager();
  stop();
  await tail.unfollow();
});

test.run();

test('an eager listener joining a tail only lazy listeners keep starts at the head, as on an idle tail; the lazy one misses nothing', async () => {
  const store = arrayStore();
  const tail = new EventTail(store, logger, 1_000_000);
  const lazy: string[] = [];
  const stopLazy = tail.subscribe((event) => lazy.push(event.type), { lazy: true });
  await tail.drain();
  // Not read on commit: only a lazy listener holds the tail, so its place lags behind these.
  store.add('before-1');
  store.add('before-2');
  tail.poke();
  const eager: string[] = [];
  const stopEager = tail.subscribe((event) => eager.push(event.type));
  await tail.drain();
  store.add('after');
  tail.poke();
  await tail.drain();
  assert.equal(eager, ['after']);
  assert.equal(lazy, ['before-1', 'before-2', 'after']);
  stopEager();
  stopLazy();
});
