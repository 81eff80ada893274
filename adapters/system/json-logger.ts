import type { Logger } from '../../ports/logger.js';

type Level = 'info' | 'warn' | 'error';
const ORDER: Record<Level | 'silent', number> = { info: 0, warn: 1, error: 2, silent: 3 };

/** One JSON object per line on stderr, so stdout stays free for command output. */
export class JsonLogger implements Logger {
  constructor(
    private readonly minimum: Level | 'silent' = 'info',
    private readonly write: (line: string) => void = (line) => process.stderr.write(line + '\n'),
  ) {}

  info(message: string, fields?: Record<string, unknown>): void {
    this.#log('info', message, fields);
  }

  warn(message: string, fields?: Record<string, unknown>): void {
    this.#log('warn', message, fields);
  }

  error(message: string, fields?: Record<string, unknown>): void {
    this.#log('error', message, fields);
  }

  #log(level: Level, message: string, fields?: Record<string, unknown>): void {
    if (ORDER[level] < ORDER[this.minimum]) return;
    this.write(JSON.stringify({ time: new Date().toISOString(), level, message, ...fields }));
  }
}
