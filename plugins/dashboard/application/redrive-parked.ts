import { inject, injectable } from 'inversify';
import { EventBackbone, NotFoundError, Progress, type Operation } from '../../../kernel/public.js';
import type { RedriveInput, RedriveView } from '../operations.js';

/**
 * POST /v2/admin/consumer-groups/{group}/redrive and `events redrive`: the
 * operator hands parked events back to their consumer group (one position,
 * or all of the group's, oldest first) once the cause is fixed. Each event
 * runs in its own unit of work with the group's handler; what fails again
 * stays parked with its new error.
 */
@injectable()
export class RedriveParkedOperation implements Operation<RedriveInput, RedriveView> {
  constructor(
    @inject(EventBackbone) private readonly backbone: EventBackbone,
    @inject(Progress) private readonly progress: Progress,
  ) {}

  async execute(input: RedriveInput): Promise<RedriveView> {
    const position = input.position === undefined ? undefined : BigInt(input.position);
    const results = await this.backbone.redrive(input.group, position, this.progress);
    if (position !== undefined && results.every((r) => r.outcome === 'missing')) throw new NotFoundError('parked event', input.position!);
    return {
      group: input.group,
      handled: results.filter((r) => r.outcome === 'handled').length,
      failed: results.filter((r) => r.outcome === 'failed').length,
      results: results.map((r) => ({ position: r.position.toString(), event_id: r.eventId, type: r.type, outcome: r.outcome, error: r.error })),
    };
  }
}
