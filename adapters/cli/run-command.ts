import type { Kernel } from '../../kernel/boot/kernel.js';
import type { CommandDeclaration } from '../../kernel/contract/command.js';
import { systemContext, type RequestContext } from '../../kernel/contract/context.js';
import { Page } from '../../kernel/contract/page.js';
import { AppError } from '../../kernel/errors/app-error.js';
import { ValidationError } from '../../kernel/errors/errors.js';
import { kernelEdge } from '../edge/kernel-edge.js';
import { pageMeta } from '../http/pagination.js';
import { commandHelp, usage } from './help.js';
import { packageVersion } from './package-version.js';
import { parseCommandLine } from './parse-argv.js';

export interface CliOutcome {
  readonly exitCode: number;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * What a command line asks for: an answer that needs no store (help, the
 * version, a mistake) or a command to run with its flags.
 */
export type CommandPlan =
  | { readonly kind: 'answer'; readonly outcome: CliOutcome }
  | { readonly kind: 'run'; readonly command: CommandDeclaration; readonly flags: Readonly<Record<string, string | true>> };

/** Reads the command line strictly; anything but a valid command is answered here, with exit 2 for a mistake. */
export function planCommand(commands: readonly CommandDeclaration[], argv: readonly string[]): CommandPlan {
  const line = parseCommandLine(commands, argv);
  switch (line.kind) {
    case 'run':
      return { kind: 'run', command: line.command, flags: line.flags };
    case 'usage':
      return answer(0, usage(commands), '');
    case 'version':
      return answer(0, `${packageVersion()}\n`, '');
    case 'help':
      return answer(0, commandHelp(line.command), '');
    case 'unknown command':
      return answer(2, usage(commands), `Unknown command '${line.words.join(' ')}'.\n`);
    case 'error':
      return answer(2, '', `${line.message}\nSee: bank ${line.command ? `${line.command.name} ` : ''}--help\n`);
  }
}

function answer(exitCode: number, stdout: string, stderr: string): CommandPlan {
  return { kind: 'answer', outcome: { exitCode, stdout, stderr } };
}

/** Validates the flags of the command the words name and runs its operation as the operator, through the edge like REST and GraphQL. */
export async function runCommand(kernel: Kernel, argv: readonly string[], operatorTeamId: string): Promise<CliOutcome> {
  const plan = planCommand(
    kernel.commands.map(({ command }) => command),
    argv,
  );
  if (plan.kind === 'answer') return plan.outcome;
  const { command: match } = plan;
  const { team, ...options } = plan.flags;
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
