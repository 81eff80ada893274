import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { TerminalProgress } from './terminal-progress.js';

function stream(isTTY: boolean): { isTTY: boolean; written: string[]; write(text: string): void } {
  return { isTTY, written: [], write(text) { this.written.push(text); } };
}

test('on a terminal: one line redrawn in place, finished with a newline', () => {
  const tty = stream(true);
  const task = new TerminalProgress(tty).begin('migrations', 2);
  task.step('identity');
  task.step('core-banking');
  task.end();
  assert.equal(tty.written, ['\r\x1b[Kmigrations: 1/2 identity', '\r\x1b[Kmigrations: 2/2 core-banking', '\n']);
});

test('elsewhere: a plain line per step and nothing at the end; an unknown total counts up', () => {
  const file = stream(false);
  const task = new TerminalProgress(file).begin('redrive', 0);
  task.step('event 7');
  task.step('event 9');
  task.end();
  assert.equal(file.written, ['redrive: 1 event 7\n', 'redrive: 2 event 9\n']);
});

test('a step may count several (a batch of accounts): the count moves by that many', () => {
  const file = stream(false);
  const task = new TerminalProgress(file).begin('ledger audit', 1500);
  task.step('accounts', 1000);
  task.step('accounts', 500);
  task.end();
  assert.equal(file.written, ['ledger audit: 1000/1500 accounts\n', 'ledger audit: 1500/1500 accounts\n']);
});

test('a task with no step leaves the terminal untouched', () => {
  const tty = stream(true);
  new TerminalProgress(tty).begin('migrations', 0).end();
  assert.equal(tty.written, []);
});

test.run();
