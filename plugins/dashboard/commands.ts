import { z } from 'zod';
import { command, type CommandDeclaration } from '../../kernel/public.js';
import { positionText, RedriveParked } from './operations.js';

/** npm run bank -- events redrive --group webhooks.fan-out [--position 1234] */
export const dashboardCommands: readonly CommandDeclaration[] = [
  command({
    name: 'events redrive',
    summary: 'Hand parked events of a consumer group to its handler again (one --position, or all)',
    options: z.strictObject({
      group: z.string().min(1).describe('The consumer group, e.g. webhooks.fan-out'),
      position: positionText.optional().describe('Only the parked event at this position (default: all of the group)'),
    }),
    operation: RedriveParked,
    scope: 'operator',
  }),
];
