import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { BootError } from '../../kernel/boot/boot-error.js';
import { listenError } from './listen-error.js';

const failure = (code: string): Error => Object.assign(new Error(`listen ${code}`), { code });

test('the usual listen failures become one-line refusals saying which variable to change', () => {
  for (const [code, variable] of [
    ['EADDRINUSE', 'PORT'],
    ['EACCES', 'PORT'],
    ['EADDRNOTAVAIL', 'HOST'],
  ] as const) {
    const error = listenError(failure(code), 80, '10.9.9.9');
    assert.instance(error, BootError, code);
    assert.match((error as Error).message, variable);
    assert.not.match((error as Error).message, '\n');
  }
});

test('any other error is passed on unchanged', () => {
  const other = failure('EMFILE');
  assert.is(listenError(other, 80, '0.0.0.0'), other);
});

test.run();
