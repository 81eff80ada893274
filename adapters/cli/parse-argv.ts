import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { CommandDeclaration } from '../../kernel/contract/command.js';
import { closestName } from './closest-name.js';
import { commandFlags, type Flag } from './command-flags.js';

/** What a command line asks for, read strictly: a flag the command does not declare is an error, never ignored. */
export type ParsedLine =
  | { readonly kind: 'usage' }
  | { readonly kind: 'version' }
  | { readonly kind: 'unknown command'; readonly words: readonly string[] }
  | { readonly kind: 'help'; readonly command: CommandDeclaration }
  | { readonly kind: 'error'; readonly message: string; readonly command?: CommandDeclaration }
  /** `--team-name Acme` → flags { team_name: 'Acme' } (the options schema's keys). */
  | { readonly kind: 'run'; readonly command: CommandDeclaration; readonly flags: Readonly<Record<string, string | true>> };

const HELP = ['--help', '-h'];

/**
 * The leading words name the command (the longest match); what follows is
 * parsed with `node:util` parseArgs in strict mode against that command's
 * flags. `-h`/`--help` anywhere after a command asks for its help, even next
 * to a bad flag.
 */
export function parseCommandLine(commands: readonly CommandDeclaration[], argv: readonly string[]): ParsedLine {
  const firstFlag = argv.findIndex((arg) => arg.startsWith('-'));
  const words = firstFlag === -1 ? argv : argv.slice(0, firstFlag);
  if (words.length === 0) {
    if (argv.length === 0 || argv.some((arg) => HELP.includes(arg))) return { kind: 'usage' };
    if (argv.length === 1 && argv[0] === '--version') return { kind: 'version' };
    return { kind: 'error', message: `unknown option ${argv[0]} (before a command only --help and --version)` };
  }
  const command = commands
    .filter((candidate) => candidate.name.split(' ').every((word, index) => words[index] === word))
    .sort((a, b) => b.name.length - a.name.length)[0];
  if (!command) return { kind: 'unknown command', words };
  const rest = argv.slice(command.name.split(' ').length);
  if (rest.some((arg) => HELP.includes(arg))) return { kind: 'help', command };
  const parsed = parseFlags(commandFlags(command), rest);
  return typeof parsed === 'string' ? { kind: 'error', message: parsed, command } : { kind: 'run', command, flags: parsed };
}

/** The flags by schema key, or what is wrong with them. */
function parseFlags(flags: readonly Flag[], args: readonly string[]): Record<string, string | true> | string {
  const options: NonNullable<ParseArgsConfig['options']> = { help: { type: 'boolean', short: 'h' } };
  for (const flag of flags) options[flag.name.slice(2)] = { type: flag.boolean ? 'boolean' : 'string' };
  let tokens;
  try {
    ({ tokens } = parseArgs({ args: [...args], options, strict: true, allowPositionals: false, tokens: true }));
  } catch (error) {
    // Strict parsing decided; a lenient pass over the same arguments only finds the culprit to name it.
    const lenient = parseArgs({ args: [...args], options, strict: false, allowPositionals: true, tokens: true });
    return diagnose(flags, lenient.tokens) ?? (error as Error).message;
  }
  const values: Record<string, string | true> = {};
  for (const token of tokens) {
    if (token.kind !== 'option') continue;
    const flag = flags.find((candidate) => candidate.name === `--${token.name}`)!;
    // parseArgs keeps the last of a repeated flag; silently dropping the others would be the lenience strict parsing removes.
    if (flag.key in values) return `${flag.name} given twice`;
    values[flag.key] = token.value ?? true;
  }
  return values;
}

type Token = NonNullable<ReturnType<typeof parseArgs>['tokens']>[number];

function diagnose(flags: readonly Flag[], tokens: readonly Token[]): string | undefined {
  for (const token of tokens) {
    if (token.kind === 'positional') return `unexpected argument '${token.value}'`;
    if (token.kind !== 'option') continue;
    const flag = flags.find((candidate) => candidate.name === `--${token.name}`);
    if (!flag) {
      const guess = closestName(token.rawName, flags.map((known) => known.name));
      return `unknown option ${token.rawName}${guess ? ` (did you mean ${guess}?)` : ''}`;
    }
    if (flag.boolean && token.inlineValue) return `${flag.name} takes no value`;
    if (!flag.boolean && token.value === undefined) return `${flag.name} needs a value <${flag.valueName}>`;
    if (!flag.boolean && !token.inlineValue && token.value!.startsWith('-')) {
      return `${flag.name} needs a value <${flag.valueName}> (for a value starting with a dash write ${flag.name}=${token.value})`;
    }
  }
  return undefined;
}
