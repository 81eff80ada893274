import type { Kernel } from '../../kernel/boot/kernel.js';
import type { CommandDeclaration } from '../../kernel/contract/command.js';
import { systemContext, type RequestContext } from '../../kernel/contract/context.js';
import { Page } from '../../kernel/contract/page.js';
import { AppError } from '../../kernel/errors/app-error.js';
import { ValidationError } from '../../kernel/errors/errors.js';
import { parseArgv } from './parse-argv.js';

export interface CliOutcome {
  readonly exitCode: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Finds the command named by the leading words, validates the flags and runs its operation. */
export async function runCommand(kernel: Kernel, argv: readonly string[], operatorTeamId: string): Promise<CliOutcome> {
  const { words, flags } = parseArgv(argv);
  const commands = kernel.commands.map(({ command }) => command);
  const match = commands
    .filter((command) => command.name.split(' ').every((word, index) => words[index] === word))
    .sort((a, b) => b.name.length - a.name.length)[0];
  if (!match || flags.help === true) return { exitCode: match || words.length === 0 ? 0 : 2, stdout: usage(commands, match), stderr: match || words.length === 0 ? '' : `Unknown command '${words.join(' ')}'.\n` };
  const { team, help: _help, ...options } = flags;
  try {
    if (match.scope === 'team' && typeof team !== 'string') {
      throw ValidationError.field('/team', `'${match.name}' needs --team <team id>`);
    }
    const parsed = match.options.safeParse(options);
    if (!parsed.success) {
      throw new ValidationError(parsed.error.issues.map((issue) => ({ pointer: '/' + issue.path.join('/'), detail: `--${issue.path.join('.').replace(/_/g, '-')}: ${issue.message}` })));
    }
    const context: RequestContext = systemContext(match.scope === 'team' ? (team as string) : operatorTeamId, `cli-${Date.now()}`);
    const result = await kernel.get(match.operation).execute(parsed.data, context);
    const rendered = result instanceof Page ? { data: result.items, meta: { page: result.page, per_page: result.perPage, total: result.total } } : { data: result };
    return { exitCode: 0, stdout: JSON.stringify(rendered, null, 2) + '\n', stderr: '' };
  } catch (error) {
    if (error instanceof AppError) return { exitCode: 2, stdout: '', stderr: error.toObjects().map((o) => `${o.code}: ${o.detail}`).join('\n') + '\n' };
    throw error;
  }
}

function usage(commands: readonly CommandDeclaration[], selected?: CommandDeclaration): string {
  const shown = selected ? [selected] : [...commands].sort((a, b) => a.name.localeCompare(b.name));
  const lines = shown.map((command) => {
    const shape = (command.options as unknown as { shape?: Record<string, unknown> }).shape ?? {};
    const flags = Object.keys(shape).map((name) => `--${name.replace(/_/g, '-')}`);
    if (command.scope === 'team') flags.unshift('--team <team id>');
    return `  ${command.name.padEnd(18)} ${command.summary}\n  ${''.padEnd(18)} ${flags.join(' ')}`;
  });
  return `Usage: npm run bank -- <command> [--flag value …]\n\nCommands:\n${lines.join('\n')}\n`;
}
