import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { OutcomeRecorder } from './outcome-recorder.js';

const test = suite('webhooks outcome recorder');

test('items added during a write share the next write; each add resolves after its own write', async () => {
  const writes: number[][] = [];
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const recorder = new OutcomeRecorder<number>(async (items) => {
    writes.push(items);
    if (writes.length === 1) await gate;
  }, 2);
  const first = recorder.add(1);
  const rest = [recorder.add(2), recorder.add(3), recorder.add(4)];
  release();
  await Promise.all([first, ...rest]);
  assert.equal(writes, [[1], [2, 3], [4]]);
});

test('a failed write rejects the adds it held, and later writes go on', async () => {
  let calls = 0;
  const recorder = new OutcomeRecorder<string>(async () => {
    calls += 1;
    if (calls === 1) throw new Error('db down');
  });
  await recorder.add('a').then(
    () => assert.unreachable(),
    (e: Error) => assert.is(e.message, 'db down'),
  );
  await recorder.add('b');
  assert.is(calls, 2);
});

test.run();
