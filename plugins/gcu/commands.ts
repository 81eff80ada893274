import { z } from 'zod';
import { command, type CommandDeclaration } from '../../kernel/public.js';
import { CreateProposal, CreateProposalBody, Rebalance, RunTick } from './operations.js';

/**
 * npm run bank -- gcu tick
 * npm run bank -- gcu rebalance
 * npm run bank -- gcu proposals create --title … --proposed-composition '{"USD":"0.35",…}' --voting-starts-at … --voting-ends-at …
 */
export const gcuCommands: readonly CommandDeclaration[] = [
  command({ name: 'gcu tick', summary: 'Run the GCU scheduler once (prices, proposals, closing, due rebalancing)', options: z.strictObject({}), operation: RunTick, scope: 'operator' }),
  command({ name: 'gcu rebalance', summary: 'Close due proposals and rebalance the GCU now', options: z.strictObject({}), operation: Rebalance, scope: 'operator' }),
  command({
    name: 'gcu proposals create',
    summary: 'Table a governance proposal',
    options: z.strictObject({
      title: z.string().min(1),
      description: z.string().optional(),
      kind: z.enum(['composition', 'parameter']).optional(),
      proposed_composition: z
        .string()
        .transform((text, ctx) => {
          try {
            return JSON.parse(text) as unknown;
          } catch {
            ctx.addIssue({ code: 'custom', message: 'must be JSON, e.g. {"USD":"0.40",…}' });
            return z.NEVER;
          }
        })
        // The same shape as the REST body's: asset code → weight string.
        .pipe(CreateProposalBody.shape.proposed_composition.unwrap())
        .optional()
        .describe('For kind composition: JSON asset code → weight, e.g. {"USD":"0.40",…}'),
      parameter_name: z.string().optional().describe('For kind parameter: the parameter to change'),
      parameter_value: z.string().optional().describe('For kind parameter: its new value'),
      voting_starts_at: z.string().describe('ISO 8601 date-time'),
      voting_ends_at: z.string().describe('ISO 8601 date-time'),
    }).transform(({ parameter_name, parameter_value, ...rest }) => ({
      ...rest,
      parameter: parameter_name ? { name: parameter_name, value: parameter_value ?? '' } : undefined,
    })),
    operation: CreateProposal,
    scope: 'operator',
  }),
];
