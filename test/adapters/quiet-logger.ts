import type { Logger } from '../../ports/logger.js';

/** Collects what a store logs instead of printing it, so expected warnings do not clutter test output. */
export function recordingLogger(): Logger & { entries: Array<{ level: string; message: string; fields?: Record<string, unknown> }> } {
  const entries: Array<{ level: string; message: string; fields?: Record<string, unknown> }> = [];
  const record = (level: string) => (message: string, fields?: Record<string, unknown>) => {
    entries.push({ level, message, ...(fields ? { fields } : {}) });
  };
  return { entries, debug: record('debug'), info: record('info'), warn: record('warn'), error: record('error') };
}
