import type { CommandDeclaration } from '../../kernel/contract/command.js';
import { commandFlags, type Flag } from './command-flags.js';

/** `bank --help`: every command with its summary. */
export function usage(commands: readonly CommandDeclaration[]): string {
  const sorted = [...commands].sort((a, b) => a.name.localeCompare(b.name));
  const width = Math.max(0, ...sorted.map((command) => command.name.length));
  const lines = sorted.map((command) => `  ${command.name.padEnd(width)}  ${command.summary}`);
  return [
    'Usage: bank <command> [--flag value …]',
    '       bank <command> --help   (the command\'s flags)',
    '       bank --version',
    '',
    'Commands:',
    ...lines,
    '',
  ].join('\n');
}

/** `bank <command> --help`: each flag with its value, type, required or default, and description. */
export function commandHelp(command: CommandDeclaration): string {
  const flags = commandFlags(command);
  const required = flags.filter((flag) => flag.required).map(withValue);
  const rows = [...flags.map((flag) => [withValue(flag), facts(flag), flag.description ?? '']), ['-h, --help', '', 'Show this help']];
  const widths = [0, 1].map((column) => Math.max(...rows.map((row) => row[column]!.length)));
  const table = rows.map((row) => `  ${row[0]!.padEnd(widths[0]!)}  ${row[1]!.padEnd(widths[1]!)}  ${row[2]}`.trimEnd());
  return [`Usage: bank ${command.name}${required.map((text) => ` ${text}`).join('')}${flags.length > required.length ? ' [options]' : ''}`, '', command.summary, '', 'Options:', ...table, ''].join('\n');
}

function withValue(flag: Flag): string {
  return flag.boolean ? flag.name : `${flag.name} <${flag.valueName}>`;
}

function facts(flag: Flag): string {
  if (flag.required) return `${flag.type}, required`;
  return flag.defaultValue !== undefined ? `${flag.type}, default ${JSON.stringify(flag.defaultValue)}` : `${flag.type}, optional`;
}
