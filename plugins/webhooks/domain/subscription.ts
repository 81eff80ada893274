import { ValidationError, type ValidationIssue } from '../../../kernel/public.js';
import { ALL_EVENTS, TEST_EVENT } from './event-catalogue.js';

export const MAX_URL_LENGTH = 2_048;
export const MAX_EVENTS = 100;

/** Names or the single entry '*'; each name must be known. Returns them deduplicated, in the given order. */
export function parseEventSelection(events: unknown, known: ReadonlySet<string>): string[] {
  if (!Array.isArray(events) || events.length === 0 || events.length > MAX_EVENTS) {
    throw ValidationError.field('/events', `events must be a non-empty array of at most ${MAX_EVENTS} event names, or ["*"]`);
  }
  const issues: ValidationIssue[] = [];
  events.forEach((name, index) => {
    if (typeof name !== 'string') issues.push({ pointer: `/events/${index}`, detail: 'an event name must be a string' });
    else if (name === ALL_EVENTS && events.length > 1) {
      issues.push({ pointer: `/events/${index}`, detail: "'*' selects every event and must be the only entry", code: 'invalid_event_selection' });
    } else if (name !== ALL_EVENTS && !known.has(name)) {
      issues.push({ pointer: `/events/${index}`, detail: `unknown event type '${name}'; GET /webhooks/events lists them`, code: 'unknown_event_type' });
    }
  });
  if (issues.length > 0) throw new ValidationError(issues);
  return [...new Set(events as string[])];
}

/** Whether a subscription receives an event type. test.webhook is never fanned out, even to '*'. */
export function selects(events: readonly string[], type: string): boolean {
  if (type === TEST_EVENT) return false;
  return events.includes(ALL_EVENTS) || events.includes(type);
}

export interface UrlRules {
  /** http:// allowed (self-hosting and tests only). */
  readonly allowHttp: boolean;
}

/** The syntactic half of the URL check; the address half (SSRF) needs DNS and lives in the transport. */
export function parseWebhookUrl(value: unknown, rules: UrlRules): URL {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_URL_LENGTH) {
    throw ValidationError.field('/url', `url must be a string of at most ${MAX_URL_LENGTH} characters`);
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw ValidationError.field('/url', 'url is not a valid absolute URL', 'invalid_url');
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && rules.allowHttp)) {
    throw ValidationError.field('/url', 'url must use https', 'insecure_url');
  }
  if (url.username || url.password) throw ValidationError.field('/url', 'url must not carry credentials', 'invalid_url');
  if (url.hash) throw ValidationError.field('/url', 'url must not have a fragment', 'invalid_url');
  return url;
}
