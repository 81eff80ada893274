import { JsonLogger, type LogLevel } from '../../adapters/system/json-logger.js';

/** A real JsonLogger writing into arrays: the lines as pino wrote them (parsed) and the raw text. */
export function capturedLogger(level: LogLevel = 'debug'): { logger: JsonLogger; lines: Array<Record<string, unknown>>; text(): string } {
  const raw: string[] = [];
  const lines: Array<Record<string, unknown>> = [];
  const logger = new JsonLogger(level, {
    write: (chunk: string) => {
      raw.push(chunk);
      lines.push(JSON.parse(chunk) as Record<string, unknown>);
    },
  });
  return { logger, lines, text: () => raw.join('') };
}
