import type { DomainHealthView, MetricsView, ProjectorLagView, RedriveView, Snapshot, StreamStatusView, ThroughputView } from './views.js';

/** A failed call, with what the page tells the person: bad key, key without the right, service unreachable or failing. */
export class ApiError extends Error {
  constructor(
    readonly status: number | 'network',
    message: string,
  ) {
    super(message);
  }
}

/** The first error's detail from the envelope, if the body has one. */
async function detailOf(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { errors?: Array<{ detail?: string; title?: string }> };
    return body.errors?.[0]?.detail ?? body.errors?.[0]?.title ?? '';
  } catch {
    return '';
  }
}

export function explain(status: number, detail: string): string {
  if (status === 401) return `The key was not accepted (401). ${detail} Enter the operator key or a team's API key.`;
  if (status === 403) return `This key may not do that (403). ${detail}`;
  if (status === 404) return `Not found (404). ${detail}`;
  if (status === 503) return `The service is unavailable (503). ${detail}`;
  return `The service answered ${status}. ${detail}`;
}

/** Calls the API with the key as a bearer; the key never goes into a URL. */
export async function call<T>(key: string, method: 'GET' | 'POST', path: string, body?: object): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers: { authorization: `Bearer ${key}`, accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
      cache: 'no-store',
    });
  } catch {
    throw new ApiError('network', 'The service cannot be reached: check the network or whether it is running. Retrying.');
  }
  if (!response.ok) throw new ApiError(response.status, explain(response.status, await detailOf(response)));
  return ((await response.json()) as { data: T }).data;
}

const DASHBOARD = '/api/v1/live-dashboard';

/** Every figure the page shows, read from the JSON routes at once. */
export async function readSnapshot(key: string): Promise<Snapshot> {
  const [metrics, throughput, lag, stream, health] = await Promise.all([
    call<MetricsView>(key, 'GET', `${DASHBOARD}/metrics`),
    call<ThroughputView>(key, 'GET', `${DASHBOARD}/event-throughput`),
    call<ProjectorLagView>(key, 'GET', `${DASHBOARD}/projector-lag`),
    call<StreamStatusView>(key, 'GET', `${DASHBOARD}/stream-status`),
    call<DomainHealthView>(key, 'GET', `${DASHBOARD}/domain-health`),
  ]);
  return { metrics, throughput, lag, stream, health };
}

/** Re-drives one parked event (with its position) or every parked event of a group. */
export function redrive(key: string, group: string, position?: string): Promise<RedriveView> {
  return call<RedriveView>(key, 'POST', `/api/v2/admin/consumer-groups/${encodeURIComponent(group)}/redrive`, position ? { position } : {});
}
