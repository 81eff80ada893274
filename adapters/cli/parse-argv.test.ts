import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseArgv } from './parse-argv.js';

test('splits command words from --flags, turning dashes into underscores', () => {
  assert.equal(parseArgv(['users', 'create', '--name', 'Ada', '--team-name=Acme Ltd', '--dry-run']), {
    words: ['users', 'create'],
    flags: { name: 'Ada', team_name: 'Acme Ltd', dry_run: true },
  });
});

test('a flag followed by another flag is a boolean', () => {
  assert.equal(parseArgv(['keys', 'list', '--help', '--team', 't1']).flags, { help: true, team: 't1' });
});

test.run();
