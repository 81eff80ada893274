import { z } from 'zod';
import { token } from '../../kernel/public.js';

/** The `pluginConfig.iso20022` slice: how the bank names itself as agent in the messages it issues. */
export const iso20022ConfigSchema = z.object({
  institution_name: z.string().min(1).max(140).default('Open Bank').describe('FinInstnId/Nm of the bank in issued messages (debtor and creditor agent, statement servicer).'),
  institution_id: z.string().min(1).max(35).default('OPEN-BANK').describe('FinInstnId/Othr/Id of the bank when it has no BIC.'),
  bic: z
    .string()
    .regex(/^[A-Z0-9]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/)
    .optional()
    .describe('The bank’s BIC (FinInstnId/BICFI), when it has one.'),
});
export type Iso20022Config = z.output<typeof iso20022ConfigSchema>;
export const Iso20022Config = token<Iso20022Config>('iso20022.config');
