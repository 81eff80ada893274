import type { Progress, ProgressTask } from '../../ports/progress.js';

/** Where progress goes: process.stderr, or a fake in tests (isTTY decides the drawing). */
export interface ProgressStream {
  readonly isTTY?: boolean;
  write(text: string): unknown;
}

/**
 * Progress for a person at a terminal: one line redrawn in place (`\r`, then
 * erase to the end of the line) and finished with a newline; when stderr is a
 * file or a pipe, one plain line per step, which logs and CI keep readably.
 */
export class TerminalProgress implements Progress {
  constructor(private readonly stream: ProgressStream) {}

  begin(task: string, total: number): ProgressTask {
    const tty = this.stream.isTTY === true;
    let done = 0;
    let drawn = false;
    return {
      step: (label, count = 1) => {
        done += count;
        const line = `${task}: ${total > 0 ? `${done}/${total}` : done} ${label}`;
        this.stream.write(tty ? `\r\x1b[K${line}` : `${line}\n`);
        drawn = true;
      },
      end: () => {
        if (tty && drawn) this.stream.write('\n');
      },
    };
  }
}
