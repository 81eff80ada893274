import './dashboard.css';
import { ApiError, readSnapshot, redrive } from './api.js';
import { Charts } from './charts.js';
import { followChanges } from './live.js';
import { render } from './render.js';

/**
 * The live dashboard page: asks for a key, reads the figures from the JSON
 * routes, and reads them again whenever the change stream says events
 * committed (at most once a second) or beats (every 5 s, for the charts).
 */
const KEY_ITEM = 'open-bank.dashboard.key';

const form = document.getElementById('key-form') as HTMLFormElement;
const keyInput = document.getElementById('api-key') as HTMLInputElement;
const errorEl = document.getElementById('error') as HTMLElement;
const liveEl = document.getElementById('live') as HTMLElement;
const redriveResult = document.getElementById('redrive-result') as HTMLElement;
const charts = new Charts(document.getElementById('chart-throughput')!, document.getElementById('chart-latency')!);

let key: string | undefined;
let live: { stop(): void } | undefined;
let refreshing: Promise<void> | undefined;
let refreshAgain = false;
/** Counters on the status line's data attributes, for people debugging and for tests. */
let pushes = 0;
let refreshes = 0;

function showError(text: string | undefined): void {
  errorEl.hidden = text === undefined;
  errorEl.textContent = text ?? '';
}

function setLive(state: string, text: string): void {
  liveEl.dataset.state = state;
  liveEl.textContent = text;
}

/** Reads every figure; a call that arrives while one runs is folded into one more run after it. */
function refresh(): Promise<void> {
  if (refreshing) {
    refreshAgain = true;
    return refreshing;
  }
  refreshing = (async () => {
    do {
      refreshAgain = false;
      const current = key;
      if (!current) return;
      try {
        const snapshot = await readSnapshot(current);
        if (current !== key) return;
        render(snapshot);
        charts.add(snapshot);
        refreshes += 1;
        liveEl.dataset.refreshes = String(refreshes);
        showError(undefined);
      } catch (error) {
        showError(error instanceof ApiError ? error.message : `The figures could not be read: ${String(error)}`);
        if (error instanceof ApiError && (error.status === 401 || error.status === 403)) disconnect(false);
        return;
      }
    } while (refreshAgain);
  })().finally(() => {
    refreshing = undefined;
  });
  return refreshing;
}

function connect(newKey: string): void {
  disconnect(false);
  key = newKey;
  sessionStorage.setItem(KEY_ITEM, newKey);
  charts.clear();
  setLive('connecting', 'Connecting…');
  void refresh();
  live = followChanges(newKey, {
    onMessage(event) {
      if (event === 'changed') {
        pushes += 1;
        liveEl.dataset.pushes = String(pushes);
      }
      if (event === 'changed' || event === 'heartbeat' || event === 'ready') void refresh();
      if (event === 'closing') setLive('retrying', 'The server is restarting; reconnecting…');
    },
    onState(state, detail) {
      if (state === 'open') setLive('live', 'Live: figures update as events commit');
      else if (state === 'retrying') {
        setLive('retrying', detail);
        // Say whether the figures can be read at all (an unreachable service shows as an error, not only as a stale page).
        void refresh();
      }
      else {
        setLive('stopped', 'Not connected');
        showError(detail);
        disconnect(false);
      }
    },
  });
}

function disconnect(forget: boolean): void {
  live?.stop();
  live = undefined;
  if (forget) {
    key = undefined;
    sessionStorage.removeItem(KEY_ITEM);
    keyInput.value = '';
    setLive('idle', 'Not connected');
  }
}

form.addEventListener('submit', (event) => {
  event.preventDefault();
  const value = keyInput.value.trim();
  if (value) connect(value);
});

document.getElementById('forget-key')!.addEventListener('click', () => {
  disconnect(true);
  showError(undefined);
});

// One listener for every Redrive button, present and future (the tables are redrawn on each refresh).
document.addEventListener('click', (event) => {
  const button = (event.target as HTMLElement).closest<HTMLButtonElement>('button.redrive');
  if (!button || !key) return;
  const group = button.dataset.group!;
  const position = button.dataset.position;
  button.disabled = true;
  redriveResult.textContent = `Re-driving ${position ? `event ${position} of ` : ''}${group}…`;
  redrive(key, group, position).then(
    (result) => {
      const failed = result.results.find((r) => r.outcome === 'failed');
      redriveResult.dataset.outcome = result.failed > 0 ? 'failed' : 'handled';
      redriveResult.textContent =
        `Re-drove ${result.group}: ${result.handled} handled, ${result.failed} failed` + (failed?.error ? ` (${failed.error})` : '') + '.';
      void refresh();
    },
    (error: unknown) => {
      button.disabled = false;
      redriveResult.dataset.outcome = 'error';
      redriveResult.textContent = error instanceof ApiError ? error.message : String(error);
    },
  );
});

const saved = sessionStorage.getItem(KEY_ITEM);
if (saved) {
  keyInput.value = saved;
  connect(saved);
}
