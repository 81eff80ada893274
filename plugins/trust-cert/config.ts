import { z } from 'zod';
import { token } from '../../kernel/public.js';

/** The `pluginConfig['trust-cert']` slice. */
export const trustCertConfigSchema = z.object({
  issuer: z.string().min(1).max(300).default('urn:open-bank:trust-cert').describe('The `iss` claim of every certificate: who attests (a bank sets its own URL). Verification refuses other issuers.'),
  default_valid_days: z.number().int().min(1).max(730).default(365).describe('How long a certificate is valid when the request names no valid_days.'),
});

export type TrustCertConfig = z.output<typeof trustCertConfigSchema>;
export const TrustCertConfig = token<TrustCertConfig>('trust-cert.config');
