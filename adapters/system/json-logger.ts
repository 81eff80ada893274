import { EventEmitter, once } from 'node:events';
import { pino, type DestinationStream, type Logger as Pino } from 'pino';
import type { Logger } from '../../ports/logger.js';
import { redactFields, scrubText } from './log-redaction.js';
import { scopedLogFields } from './log-scope.js';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

/** pino's asynchronous file-descriptor stream (sonic-boom). */
type AsyncDestination = ReturnType<typeof pino.destination>;

/** A broken stderr pipe makes sonic-boom's end() a no-op that never closes: wait no longer than this. */
const CLOSE_WAIT_MS = 2000;

/**
 * One JSON object per line on stderr (stdout stays free for command output),
 * written by pino off the request path: lines are buffered and written
 * asynchronously, so `close()` before the process exits. Every line carries
 * the fields of the current log scope (the request id) and is redacted
 * (log-redaction.ts).
 */
export class JsonLogger implements Logger {
  readonly #pino: Pino;
  #closed = false;

  constructor(
    level: LogLevel = 'info',
    private readonly destination: DestinationStream | AsyncDestination = pino.destination({ dest: 2, sync: false }),
  ) {
    this.#pino = pino(
      {
        level,
        base: undefined,
        messageKey: 'message',
        timestamp: pino.stdTimeFunctions.isoTime,
        formatters: { level: (label) => ({ level: label }) },
        // A copy: pino merges the line's fields into what the mixin returns.
        mixin: () => ({ ...scopedLogFields() }),
      },
      destination,
    );
  }

  debug(message: string, fields?: Record<string, unknown>): void {
    this.#log('debug', message, fields);
  }

  info(message: string, fields?: Record<string, unknown>): void {
    this.#log('info', message, fields);
  }

  warn(message: string, fields?: Record<string, unknown>): void {
    this.#log('warn', message, fields);
  }

  error(message: string, fields?: Record<string, unknown>): void {
    this.#log('error', message, fields);
  }

  /**
   * Lets the pending writes finish, in order, and stops writing: on shutdown
   * and on a failed start, before `process.exit`. (sonic-boom's flushSync
   * would write the buffer ahead of a write still in flight.)
   */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    const { destination } = this;
    if (!(destination instanceof EventEmitter)) return;
    let timer: NodeJS.Timeout | undefined;
    // A failing stream must not keep the process from exiting: the wait ends either way.
    const closed = once(destination, 'close').catch(() => undefined);
    destination.end();
    await Promise.race([closed, new Promise((resolve) => (timer = setTimeout(resolve, CLOSE_WAIT_MS)))]);
    clearTimeout(timer);
  }

  #log(level: Exclude<LogLevel, 'silent'>, message: string, fields?: Record<string, unknown>): void {
    // Redaction walks the fields: only for lines that will be written. A closed destination takes none.
    if (this.#closed || !this.#pino.isLevelEnabled(level)) return;
    this.#pino[level](fields ? redactFields(fields) : {}, scrubText(message));
  }
}
