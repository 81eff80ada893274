import { ValidationError } from '../../../../kernel/public.js';

/**
 * The problems found in a list file, each with a JSON pointer into the load
 * request (`/content`, `/content/sdn`) and the line it is on. A file with any
 * problem is refused whole: a half-read list would screen against less than
 * the operator meant to load.
 */
export class ListProblems {
  readonly #found: Array<{ pointer: string; detail: string }> = [];
  static readonly MAX = 20;

  add(pointer: string, detail: string): void {
    if (this.#found.length < ListProblems.MAX) this.#found.push({ pointer, detail });
  }

  /** Throws the 422 when anything was found. */
  check(): void {
    if (this.#found.length > 0) throw new ValidationError(this.#found);
  }
}
