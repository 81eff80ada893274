import { pino, type DestinationStream, type Logger as Pino } from 'pino';
import type { Logger } from '../../ports/logger.js';
import { redactFields, scrubText } from './log-redaction.js';
import { scopedLogFields } from './log-scope.js';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

/** Where lines go: pino's asynchronous stderr by default; tests pass a stream that records. */
export type LogDestination = DestinationStream & { flushSync?(): void };

/**
 * One JSON object per line on stderr (stdout stays free for command output),
 * written by pino off the request path: lines are buffered and written
 * asynchronously, so `flush()` before the process exits. Every line carries
 * the fields of the current log scope (the request id) and is redacted
 * (log-redaction.ts).
 */
export class JsonLogger implements Logger {
  readonly #pino: Pino;

  constructor(
    level: LogLevel = 'info',
    private readonly destination: LogDestination = pino.destination({ dest: 2, sync: false }),
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

  /** Writes out what is buffered, synchronously: on shutdown and on a failed start, before `process.exit`. */
  flush(): void {
    this.destination.flushSync?.();
  }

  #log(level: Exclude<LogLevel, 'silent'>, message: string, fields?: Record<string, unknown>): void {
    // Redaction walks the fields: only for lines that will be written.
    if (!this.#pino.isLevelEnabled(level)) return;
    this.#pino[level](fields ? redactFields(fields) : {}, scrubText(message));
  }
}
