import type { Kernel } from '../../kernel/boot/kernel.js';
import type { CommandDeclaration } from '../../kernel/contract/command.js';
import { systemContext, type RequestContext } from '../../kernel/contract/context.js';
import { Page } from '../../kernel/contract/page.js';
import { AppError } from '../../kernel/errors/app-error.js';
import { ValidationError } from '../../kernel/errors/errors.js';
import { kernelEdge } from '../edge/kernel-edge.js';
import { pageMeta } from '../http/pagination.js';
import { parseArgv } from './parse-argv.js';

export interface CliOutcome {
  readonly exitCode: number;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * What the words of a command line ask for: an answer that needs no store
 * (help, or an unknown command) or a command to run with its flags.
 */
export type CommandPlan =
  | { readonly kind: 'answer'; readonly outcome: CliOutcome }
  | { readonly kind: 'run'; readonly command: CommandDeclaration; readonly flags: Readonly<Record<string, string | true>> };

/** Finds the command named by the leading words (the longest match); `--help` or no command is usage. */
export function planCommand(commands: readonly CommandDeclaration[], argv: readonly string[]): CommandPlan {
  const { words, flags } = parseArgv(argv);
  const match = commands
    .filter((command) => command.name.split(' ').every((word, index) => words[index] === word))
    .sort((a, b) => b.name.length - a.name.length)[0];
  if (match && flags.help !== true) return { kind: 'run', command: match, flags };
  const known = match !== undefined || words.length === 0;
  return {
    kind: 'answer',
    outcome: { exitCode: known ? 0 : 2, stdout: usage(commands, match), stderr: known ? '' : `Unknown command '${words.join(' ')}'.\n` },
  };
}

/** Validates the flags of the command the words name and runs its operation as the operator, through the edge like REST and GraphQL. */
export async function runCommand(kernel: Kernel, argv: readonly string[], operatorTeamId: string): Promise<CliOutcome> {
  const plan = planCommand(
    kernel.commands.map(({ command }) => command),
    argv,
  );
  if (plan.kind === 'answer') return plan.outcome;
  const { command: match } = plan;
  const { team, help: _help, ...options } = plan.flags;
  try {
    if (match.scope === 'team' && typeof team !== 'string') {
      throw ValidationError.field('/team', `'${match.name}' needs --team <team id>`);
    }
    const parsed = match.options.safeParse(options);
    if (!parsed.success) {
      throw new ValidationError(parsed.error.issues.map((issue) => ({ pointer: '/' + issue.path.join('/'), detail: `--${issue.path.join('.').replace(/_/g, '-')}: ${issue.message}` })));
    }
    const context: RequestContext = systemContext(match.scope === 'team' ? (team as string) : operatorTeamId, `cli-${Date.now()}`);
    const result = await kernelEdge(kernel).invoker.invoke(kernel.get(match.operation), parsed.data, context);
    // A list has the same meta as over HTTP (links aside: there is no URL here).
    const rendered = result instanceof Page ? { data: result.items, meta: pageMeta(result) } : { data: result };
    return { exitCode: 0, stdout: JSON.stringify(rendered, null, 2) + '\n', stderr: '' };
  } catch (error) {
    if (error instanceof AppError) return { exitCode: 2, stdout: '', stderr: error.toObjects().map((o) => `${o.code}: ${o.detail}`).join('\n') + '\n' };
    throw error;
  }
}

function usage(commands: readonly CommandDeclaration[], selected?: CommandDeclaration): string {
  const shown = selected ? [selected] : [...commands].sort((a, b) => a.name.localeCompare(b.name));
  const lines = shown.map((command) => {
    const flags = Object.keys(flagShape(command.options)).map((name) => `--${name.replace(/_/g, '-')}`);
    if (command.scope === 'team') flags.unshift('--team <team id>');
    return `  ${command.name.padEnd(18)} ${command.summary}\n  ${''.padEnd(18)} ${flags.join(' ')}`;
  });
  return `Usage: npm run bank -- <command> [--flag value …]\n\nCommands:\n${lines.join('\n')}\n`;
}

/** The object behind a command's options, also when a `.transform()` wraps it (a zod pipe keeps it as `in`). */
function flagShape(schema: unknown): Record<string, unknown> {
  const node = schema as { shape?: Record<string, unknown>; in?: unknown };
  if (node.shape) return node.shape;
  return node.in ? flagShape(node.in) : {};
}
