import type { ValidationIssue } from '../../../kernel/public.js';
import { ALWAYS_ON_MODULES } from './modules.js';

/**
 * One published white-label configuration. Every PUT publishes a new
 * version (1, 2, …); earlier versions stay readable, so an embedded widget
 * pinned to a version keeps working.
 */
export interface WhitelabelRecord {
  readonly partnerId: string;
  /** The partner's live team: the row belongs to it. */
  readonly teamId: string;
  readonly version: number;
  readonly logoUrl: string;
  readonly primaryColor: string;
  /** Feature name (a module name) to enabled; a module left out is enabled. */
  readonly features: Readonly<Record<string, boolean>>;
  readonly publishedAt: Date;
}

const HEX_COLOUR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

/** https only, no credentials, a host: the logo is loaded by the partner's customers' browsers. */
export function logoUrlIssue(text: string): ValidationIssue | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { pointer: '/logo_url', detail: 'logo_url must be an absolute https URL', code: 'invalid_logo_url' };
  }
  if (url.protocol !== 'https:' || url.hostname === '' || url.username !== '' || url.password !== '') {
    return { pointer: '/logo_url', detail: 'logo_url must be an https URL without credentials', code: 'invalid_logo_url' };
  }
  return undefined;
}

export function colourIssue(text: string): ValidationIssue | undefined {
  return HEX_COLOUR.test(text) ? undefined : { pointer: '/primary_color', detail: 'primary_color must be a hex colour such as #1a73e8', code: 'invalid_color' };
}

/**
 * Feature names are the partner's modules (one feature per module). A name
 * that is not one of them is refused, pointing at it.
 */
export function featureIssues(features: Readonly<Record<string, boolean>>, partnerModules: readonly string[]): ValidationIssue[] {
  return Object.keys(features).flatMap((name) =>
    partnerModules.includes(name) && !ALWAYS_ON_MODULES.includes(name)
      ? []
      : [{ pointer: `/features/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`, detail: `'${name}' is not a feature of this partner (its modules: ${partnerModules.join(', ')})`, code: 'unknown_feature' }],
  );
}

/** Whether a tenant may use a module's routes under this configuration. */
export function featureEnabled(config: WhitelabelRecord | undefined, module: string | undefined): boolean {
  if (!config || module === undefined) return true;
  return config.features[module] !== false;
}
