import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { StoredEvent } from '../../kernel/contract/event.js';
import type { EventStream } from '../../ports/event-stream.js';
import { ManualTimers } from '../../test/fixtures/manual-timers.js';
import { ChangeFeed, type FeedSink } from './change-feed.js';

/** The change feed on its own: a hand-fed event stream, sinks that record, timers run by hand. */
class HandStream implements EventStream {
  readonly listeners = new Set<(event: StoredEvent) => void>();
  private position = 0n;
  subscribe(listener: (event: StoredEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  commit(teamId: string, count = 1): void {
    for (let i = 0; i < count; i++) {
      this.position += 1n;
      const event: StoredEvent = { type: 'account.created', teamId, aggregateType: 'account', aggregateId: 'a', payload: {}, position: this.position, id: `e${this.position}`, version: 1, occurredAt: new Date(0) };
      for (const listener of this.listeners) listener(event);
    }
  }
}

class RecordingSink implements FeedSink {
  readonly messages: Array<{ event: string; data: any }> = [];
  blocked = false;
  ended = false;
  write(text: string): boolean {
    for (const block of text.split('\n\n')) {
      const event = /^event: (.+)$/m.exec(block)?.[1];
      const data = /^data: (.+)$/m.exec(block)?.[1];
      if (event) this.messages.push({ event, data: JSON.parse(data ?? '{}') });
    }
    return !this.blocked;
  }
  end(): void {
    this.ended = true;
  }
  events(): string[] {
    return this.messages.map((m) => m.event);
  }
}

function setup(options = {}) {
  const stream = new HandStream();
  const timers = new ManualTimers();
  const feed = new ChangeFeed(stream, timers, { throttleMs: 1_000, heartbeatMs: 5_000, ...options });
  return { stream, timers, feed };
}

test('a connection starts with ready; the first commit is pushed at once, the next ones folded into one push a throttle period later', () => {
  const { stream, timers, feed } = setup();
  const sink = new RecordingSink();
  feed.open(sink, { kind: 'all' }, 'op');
  assert.equal(sink.messages, [{ event: 'ready', data: { heartbeat_ms: 5_000, throttle_ms: 1_000 } }]);
  stream.commit('t1', 3);
  assert.equal(sink.messages.at(-1), { event: 'changed', data: { events: 1 } });
  assert.is(sink.messages.length, 3 - 1, 'the two later events of the burst wait for the period to end');
  timers.advance(999);
  assert.is(sink.messages.length, 2);
  stream.commit('t2', 4);
  timers.advance(1);
  assert.equal(sink.messages.at(-1), { event: 'changed', data: { events: 6 } });
  assert.is(sink.messages.length, 3);
  // Quiet for a while: the next commit goes out at once again.
  timers.advance(4_000);
  stream.commit('t1');
  assert.equal(sink.messages.filter((m) => m.event === 'changed').map((m) => m.data.events), [1, 6, 1]);
});

test('a team connection hears only of its own team; the operator hears of every team', () => {
  const { stream, feed } = setup();
  const team = new RecordingSink();
  const operator = new RecordingSink();
  feed.open(team, { kind: 'team', teamId: 't1' }, 'k1');
  feed.open(operator, { kind: 'all' }, 'op');
  stream.commit('t2', 1);
  assert.equal(team.events(), ['ready']);
  assert.equal(operator.events(), ['ready', 'changed']);
  stream.commit('t1', 1);
  assert.equal(team.messages.at(-1), { event: 'changed', data: { events: 1 } });
});

test('heartbeats go to every connection; a client that stops reading gets nothing queued and is cut after three beats', () => {
  const { stream, timers, feed } = setup();
  const reading = new RecordingSink();
  const stalled = new RecordingSink();
  feed.open(reading, { kind: 'all' }, 'op');
  feed.open(stalled, { kind: 'all' }, 'op');
  timers.advance(5_000);
  assert.equal(reading.events(), ['ready', 'heartbeat']);
  stalled.blocked = true;
  stream.commit('t1', 2);
  timers.advance(1_000);
  assert.equal(stalled.events(), ['ready', 'heartbeat'], 'no push queued behind a full buffer');
  // It reads again: the commits it missed go out with the next beat.
  stalled.blocked = false;
  timers.advance(4_000);
  assert.equal(stalled.messages.slice(-2), [{ event: 'heartbeat', data: {} }, { event: 'changed', data: { events: 2 } }]);
  stalled.blocked = true;
  timers.advance(15_000);
  assert.ok(stalled.ended, 'cut off after three beats without reading');
  assert.not.ok(reading.ended);
  assert.is(feed.size, 1);
});

test('the last connection to leave unsubscribes and disarms every timer; close ends every stream and refuses new ones', () => {
  const { stream, timers, feed } = setup({ maxConnections: 2 });
  const first = new RecordingSink();
  const leave = feed.open(first, { kind: 'all' }, 'op');
  stream.commit('t1', 1);
  stream.commit('t1', 1);
  assert.is(timers.armed, 2, 'the heartbeat and the throttled push');
  leave();
  assert.is(stream.listeners.size, 0);
  assert.is(timers.armed, 0);
  const a = new RecordingSink();
  const b = new RecordingSink();
  feed.open(a, { kind: 'all' }, 'op');
  feed.open(b, { kind: 'all' }, 'op');
  assert.is(feed.refusal('other'), 'This process already serves 2 live dashboard streams.');
  assert.throws(() => feed.open(new RecordingSink(), { kind: 'all' }, 'other'), /already serves 2/);
  feed.close();
  for (const sink of [a, b]) {
    assert.is(sink.messages.at(-1)!.event, 'closing');
    assert.ok(sink.ended);
  }
  assert.is(stream.listeners.size, 0);
  assert.is(timers.armed, 0);
  assert.is(feed.refusal('op'), 'The server is shutting down.');
});

test('one API key holds at most its share of the streams; a place comes back when one of them ends', () => {
  const { feed } = setup({ maxPerKey: 2 });
  const leave = feed.open(new RecordingSink(), { kind: 'team', teamId: 't1' }, 'k1');
  feed.open(new RecordingSink(), { kind: 'team', teamId: 't1' }, 'k1');
  assert.match(feed.refusal('k1') ?? '', /already has 2 live dashboard streams/);
  assert.is(feed.refusal('k2'), undefined, 'another key still gets in');
  leave();
  assert.is(feed.refusal('k1'), undefined);
});

test.run();
