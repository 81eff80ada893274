import type { ParkedEvent, ProjectorState, Snapshot } from './views.js';

/** What the person asked for with a Redrive button. */
export interface RedriveRequest {
  readonly group: string;
  readonly position?: string;
}

const number = new Intl.NumberFormat('en', { maximumFractionDigits: 2 });

/** A figure a team's view does not count per team comes as null: shown as a dash, never as 0. */
const count = (value: number | null): string => (value === null ? '—' : number.format(value));

function figure(name: string, text: string): void {
  const el = document.querySelector<HTMLElement>(`[data-figure="${name}"]`);
  if (el) el.textContent = text;
}

function duration(seconds: number): string {
  const s = Math.floor(seconds);
  const d = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3_600);
  const m = Math.floor((s % 3_600) / 60);
  return d > 0 ? `${d} d ${h} h` : h > 0 ? `${h} h ${m} min` : `${m} min ${s % 60} s`;
}

/** A table cell with text (never HTML: error messages come from handlers). */
function cell(row: HTMLTableRowElement, text: string, className?: string): HTMLTableCellElement {
  const td = row.insertCell();
  td.textContent = text;
  if (className) td.className = className;
  return td;
}

function status(row: HTMLTableRowElement, value: string): void {
  const td = cell(row, value.replace(/_/g, ' '));
  td.dataset.status = value;
}

/** `name` repeats the visible label and says which group (or event) it acts on. */
function redriveButton(row: HTMLTableRowElement, label: string, request: RedriveRequest, name: string): void {
  const td = row.insertCell();
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = label;
  button.dataset.group = request.group;
  if (request.position) button.dataset.position = request.position;
  button.setAttribute('aria-label', name);
  button.className = 'redrive';
  td.append(button);
}

function body(tableId: string): HTMLTableSectionElement {
  const table = document.getElementById(tableId) as HTMLTableElement;
  const tbody = table.tBodies[0]!;
  tbody.replaceChildren();
  return tbody;
}

function empty(tbody: HTMLTableSectionElement, columns: number, text: string): void {
  const td = tbody.insertRow().insertCell();
  td.colSpan = columns;
  td.className = 'empty';
  td.textContent = text;
}

function groups(projectors: readonly ProjectorState[], canRedrive: boolean): void {
  const tbody = body('groups');
  if (projectors.length === 0) empty(tbody, 10, 'No consumer groups.');
  for (const p of projectors) {
    const row = tbody.insertRow();
    row.dataset.group = p.group;
    const th = document.createElement('th');
    th.scope = 'row';
    th.textContent = p.group;
    row.append(th);
    cell(row, p.checkpoint_position, 'num');
    cell(row, number.format(p.pending_events), 'num');
    cell(row, p.lag_positions, 'num');
    cell(row, number.format(p.lag_seconds), 'num');
    cell(row, count(p.handled_total), 'num');
    cell(row, number.format(p.parked_total), 'num');
    status(row, p.status);
    cell(row, p.last_error ?? '', 'error-text');
    // The re-drive is the operator's: a team's view lists its parked events without the button.
    if (canRedrive && p.parked_total > 0) redriveButton(row, `Redrive ${p.parked_total} parked`, { group: p.group }, `Redrive ${p.parked_total} parked events of ${p.group}`);
    else row.insertCell();
  }
}

function parked(events: readonly ParkedEvent[], canRedrive: boolean): void {
  const tbody = body('parked');
  if (events.length === 0) empty(tbody, 7, 'No parked events.');
  for (const e of events) {
    const row = tbody.insertRow();
    row.dataset.group = e.group;
    row.dataset.position = e.position;
    cell(row, e.group);
    cell(row, e.position, 'num');
    cell(row, e.type);
    cell(row, e.error, 'error-text');
    cell(row, String(e.attempts), 'num');
    cell(row, new Date(e.parked_at).toLocaleString());
    if (canRedrive) redriveButton(row, 'Redrive', { group: e.group, position: e.position }, `Redrive parked event ${e.position} of ${e.group}`);
    else row.insertCell();
  }
}

function health(snapshot: Snapshot): void {
  const tbody = body('health');
  if (snapshot.health.domains.length === 0) empty(tbody, 6, 'No domains.');
  for (const d of snapshot.health.domains) {
    const row = tbody.insertRow();
    row.dataset.domain = d.domain;
    const th = document.createElement('th');
    th.scope = 'row';
    th.textContent = d.domain;
    row.append(th);
    status(row, d.status);
    status(row, d.projector_status);
    cell(row, number.format(d.events_total), 'num');
    cell(row, count(d.recent_errors), 'num');
    cell(row, number.format(d.parked_events), 'num');
  }
}

/** Puts one snapshot of figures on the page. */
export function render(snapshot: Snapshot): void {
  const { metrics, stream, lag } = snapshot;
  figure('events-total', number.format(metrics.events.total));
  figure('events-per-second', number.format(metrics.events.per_second));
  figure('handled-per-second', count(metrics.processing.per_second));
  figure('error-rate', metrics.errors.error_rate === null ? '—' : `${number.format(metrics.errors.error_rate * 100)} %`);
  figure('pending-total', number.format(stream.pending_total));
  figure('parked-total', number.format(metrics.errors.parked_total));
  figure('head-position', lag.head_position);
  figure('store', stream.connectivity.store_connected ? `connected (${number.format(stream.connectivity.store_latency_ms)} ms)` : 'unreachable');
  figure('uptime', duration(metrics.uptime_seconds));
  // The raw total for scripts and tests, beside the formatted one people read.
  document.querySelector<HTMLElement>('[data-figure="events-total"]')!.dataset.value = String(metrics.events.total);
  const canRedrive = metrics.scope === 'service';
  groups(lag.projectors, canRedrive);
  parked(stream.parked_recent, canRedrive);
  health(snapshot);
  const updated = document.getElementById('updated')!;
  updated.textContent = `Figures as of ${new Date(metrics.generated_at).toLocaleTimeString()} (server time).`;
}
