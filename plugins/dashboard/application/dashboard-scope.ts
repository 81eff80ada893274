import { ForbiddenError, type RequestContext } from '../../../kernel/public.js';
import type { DashboardScope } from '../operations.js';

/**
 * Whose figures a call reads: the operator key reads the whole service, any
 * other key only its own team's. In a team view every count comes from the
 * team's own events, parked events and webhook deliveries (each carries its
 * team); this process's handling counters (handled, failures, error rate)
 * carry no team, so a team view shows null for them rather than the
 * service's figure. Process facts that say nothing about another team
 * (uptime, store latency, whether the stream is followed) are shown to
 * every scope; memory use is the operator's alone.
 */
export interface Viewer {
  readonly scope: DashboardScope;
  /** The team a team view is limited to; undefined for the service. */
  readonly teamId: string | undefined;
}

export function viewerOf(ctx: RequestContext): Viewer {
  if (ctx.actor.kind === 'operator') return { scope: 'service', teamId: undefined };
  // Never widen a caller without a team to the service's figures.
  if (ctx.actor.kind !== 'user' || ctx.actor.teamId === '') throw new ForbiddenError('The live dashboard needs an API key of a team, or the operator key.', 'insufficient_permission');
  return { scope: 'team', teamId: ctx.actor.teamId };
}
