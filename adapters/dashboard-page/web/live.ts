import { explain } from './api.js';

export type LiveEvent = 'ready' | 'changed' | 'heartbeat' | 'closing';

export interface LiveHandlers {
  /** A message from the server (the page re-reads its figures on `changed` and `heartbeat`). */
  onMessage(event: LiveEvent, data: Record<string, unknown>): void;
  /** The stream is open, or it failed and when it is tried again; `fatal` when retrying cannot help (bad key). */
  onState(state: 'open' | 'retrying' | 'fatal', detail: string): void;
}

const CHANGES = '/api/v1/live-dashboard/changes';
/** Without a byte for this long (the heartbeat is 5 s) the stream is taken for dead and reopened. */
const SILENCE_MS = 20_000;
const RETRY_MS = 5_000;

/**
 * The server's change stream, read as server-sent events from a fetch (an
 * EventSource cannot send the Authorization header, and the key must not
 * go into a URL). Reopens after a failure or a silence; stop() ends it.
 */
export function followChanges(key: string, handlers: LiveHandlers): { stop(): void } {
  let stopped = false;
  let controller: AbortController | undefined;
  let retry: number | undefined;

  const again = (detail: string): void => {
    if (stopped) return;
    handlers.onState('retrying', detail);
    retry = window.setTimeout(open, RETRY_MS);
  };

  async function open(): Promise<void> {
    controller = new AbortController();
    const current = controller;
    let watchdog = 0;
    const arm = (): void => {
      window.clearTimeout(watchdog);
      watchdog = window.setTimeout(() => current.abort(), SILENCE_MS);
    };
    try {
      arm();
      const response = await fetch(CHANGES, { headers: { authorization: `Bearer ${key}`, accept: 'text/event-stream' }, cache: 'no-store', signal: current.signal });
      if (response.status === 401 || response.status === 403) {
        window.clearTimeout(watchdog);
        handlers.onState('fatal', explain(response.status, ''));
        return;
      }
      if (!response.ok || !response.body) {
        window.clearTimeout(watchdog);
        again(`The live stream answered ${response.status}; trying again shortly.`);
        return;
      }
      handlers.onState('open', 'Live');
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffered = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        arm();
        buffered += value;
        let end: number;
        while ((end = buffered.indexOf('\n\n')) >= 0) {
          const block = buffered.slice(0, end);
          buffered = buffered.slice(end + 2);
          dispatch(block, handlers);
        }
      }
      window.clearTimeout(watchdog);
      again('The live stream ended; reconnecting shortly.');
    } catch {
      window.clearTimeout(watchdog);
      again('The live stream was interrupted; reconnecting shortly.');
    }
  }

  void open();
  return {
    stop() {
      stopped = true;
      window.clearTimeout(retry);
      controller?.abort();
    },
  };
}

/** One server-sent event block: `event:` and `data:` lines (comments and `retry:` ignored). */
function dispatch(block: string, handlers: LiveHandlers): void {
  let event = 'message';
  let data = '';
  for (const line of block.split('\n')) {
    if (line.startsWith('event:')) event = line.slice(6).trim();
    else if (line.startsWith('data:')) data += line.slice(5).trim();
  }
  if (event !== 'ready' && event !== 'changed' && event !== 'heartbeat' && event !== 'closing') return;
  let parsed: Record<string, unknown> = {};
  try {
    parsed = data ? (JSON.parse(data) as Record<string, unknown>) : {};
  } catch {
    return;
  }
  handlers.onMessage(event, parsed);
}
