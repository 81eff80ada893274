import type { ZodType } from 'zod';
import type { Operation } from './route.js';
import type { Token } from './token.js';

/**
 * A CLI command a plugin contributes (`npm run bank -- users create …`). Like a
 * route it names an operation; the CLI adapter parses `--flag value` pairs
 * (dashes become underscores), validates them with `options`, and calls the
 * operation as the operator. `scope: 'team'` commands need `--team <team id>`
 * and run inside that team.
 */
export interface CommandDeclaration {
  /** Words of the command, e.g. 'users create'. */
  readonly name: string;
  readonly summary: string;
  readonly options: ZodType;
  readonly operation: Token<Operation>;
  readonly scope: 'operator' | 'team';
}

/** Declares a command; its options must parse into the operation's input (checked at compile time). */
export function command<I, O>(declaration: CommandDeclaration & { readonly operation: Token<Operation<I, O>>; readonly options: ZodType<I> }): CommandDeclaration {
  return declaration;
}
