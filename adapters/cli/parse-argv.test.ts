import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { z } from 'zod';
import type { CommandDeclaration } from '../../kernel/contract/command.js';
import { token } from '../../kernel/contract/token.js';
import { commandHelp, usage } from './help.js';
import { parseCommandLine } from './parse-argv.js';

const operation = token<never>('test.operation');
const usersCreate: CommandDeclaration = {
  name: 'users create',
  summary: 'Create a user',
  scope: 'operator',
  operation,
  options: z.strictObject({
    name: z.string().min(1).describe('Full name'),
    team_name: z.string().optional(),
    dry_run: z.boolean().optional().describe('Check only'),
  }),
};
const keysList: CommandDeclaration = {
  name: 'keys list',
  summary: "List the team's keys",
  scope: 'team',
  operation,
  options: z.strictObject({ page: z.string().pipe(z.coerce.number<string>().int().min(1).max(9)).meta({ type: 'integer', minimum: 1, maximum: 9 }).default(1), kind: z.enum(['a', 'b']).optional() }),
};
const commands = [usersCreate, keysList];
const parse = (...argv: string[]) => parseCommandLine(commands, argv);

test('command words, then flags by schema key; --flag=value and booleans', () => {
  assert.equal(parse('users', 'create', '--name', 'Ada', '--team-name=Acme Ltd', '--dry-run'), {
    kind: 'run',
    command: usersCreate,
    flags: { name: 'Ada', team_name: 'Acme Ltd', dry_run: true },
  });
  assert.equal(parse('keys', 'list', '--team', 't1'), { kind: 'run', command: keysList, flags: { team: 't1' } });
});

test('a misspelt flag is an error naming the nearest one; an unrelated one names none', () => {
  assert.equal(parse('keys', 'list', '--tema', 't1'), { kind: 'error', command: keysList, message: 'unknown option --tema (did you mean --team?)' });
  assert.equal(parse('users', 'create', '--nmae', 'Ada'), { kind: 'error', command: usersCreate, message: 'unknown option --nmae (did you mean --name?)' });
  assert.equal(parse('users', 'create', '--colour', 'red'), { kind: 'error', command: usersCreate, message: 'unknown option --colour' });
  assert.equal(parse('users', 'create', '-x'), { kind: 'error', command: usersCreate, message: 'unknown option -x' });
});

test('a missing value, a value for a boolean, a stray word and a repeated flag are errors', () => {
  const message = (...argv: string[]) => (parse(...argv) as { message?: string }).message;
  assert.is(message('users', 'create', '--name'), '--name needs a value <text>');
  assert.is(message('users', 'create', '--name', '--dry-run'), '--name needs a value <text> (for a value starting with a dash write --name=--dry-run)');
  assert.is(message('users', 'create', '--dry-run=yes'), '--dry-run takes no value');
  assert.is(message('users', 'create', 'now', '--name', 'Ada'), "unexpected argument 'now'");
  assert.is(message('users', 'create', '--name', 'Ada', '--name', 'Bob'), '--name given twice');
  assert.equal(parse('users', 'create', '--name=-1'), { kind: 'run', command: usersCreate, flags: { name: '-1' } });
});

test('help, version, usage and unknown commands', () => {
  assert.equal(parse('keys', 'list', '--bogus', '-h'), { kind: 'help', command: keysList });
  assert.equal(parse('users', 'create', '--help'), { kind: 'help', command: usersCreate });
  assert.equal(parse(), { kind: 'usage' });
  assert.equal(parse('--help'), { kind: 'usage' });
  assert.equal(parse('--version'), { kind: 'version' });
  assert.equal(parse('launch', 'rockets', '--now'), { kind: 'unknown command', words: ['launch', 'rockets'] });
  assert.equal(parse('--verbose'), { kind: 'error', message: 'unknown option --verbose (before a command only --help and --version)' });
});

test("a command's help lists each flag with its value, type, default or required, and description", () => {
  assert.is(
    commandHelp(keysList),
    [
      'Usage: bank keys list --team <team id> [options]',
      '',
      "List the team's keys",
      '',
      'Options:',
      '  --team <team id>  string, required        The team the command runs in',
      '  --page <n>        integer 1–9, default 1',
      '  --kind <a|b>      one of a, b, optional',
      '  -h, --help                                Show this help',
      '',
    ].join('\n'),
  );
  const users = commandHelp(usersCreate);
  assert.match(users, /--name <text> +string, required +Full name/);
  assert.match(users, /--dry-run +boolean, optional +Check only/);
});

test('the global usage lists every command with its summary', () => {
  assert.match(usage(commands), /keys list {5}List the team's keys\n {2}users create {2}Create a user/);
});

test.run();
