import { z } from 'zod';
import { decimal, token } from '../../kernel/public.js';

/** The `pluginConfig.mobile` slice. */
export const mobileConfigSchema = z.object({
  rp_id: z.string().min(1).max(253).default('localhost').describe('WebAuthn relying-party id: the domain passkeys are bound to (authenticators hash it into authenticatorData).'),
  rp_name: z.string().min(1).max(100).default('Open Bank').describe('Relying-party name shown by the authenticator when a passkey is created.'),
  origins: z
    .array(z.string().min(1).max(500))
    .min(1)
    .default(['http://localhost:8080'])
    .describe('Origins a passkey ceremony may come from (clientDataJSON.origin): the web origin (http://localhost:<PORT> by default; change it with PORT), https://<associated domain> for iOS, android:apk-key-hash:<hash> for Android.'),
  attestation_formats: z
    .array(z.enum(['none', 'packed', 'fido-u2f', 'android-key', 'android-safetynet', 'tpm', 'apple']))
    .min(1)
    .default(['none', 'packed'])
    .describe('Attestation statement formats a passkey registration may carry.'),
  require_user_verification: z.boolean().default(true).describe('Require the UV flag (biometric or PIN) at registration and sign-in, not only user presence.'),
  challenge_ttl_ms: z.number().int().min(10_000).max(3_600_000).default(300_000).describe('How long a passkey challenge may be answered; each is single-use.'),
  session_ttl_ms: z.number().int().min(60_000).max(30 * 86_400_000).default(12 * 3_600_000).describe('Lifetime of a session token issued by a passkey sign-in.'),
  session_permissions: z
    .array(z.enum(['read', 'write', 'delete']))
    .min(1)
    .default(['read', 'write', 'delete'])
    .describe('Permissions a session token carries (as an API key\'s would); never the operator\'s.'),
  intent_ttl_ms: z.number().int().min(10_000).max(30 * 86_400_000).default(900_000).describe('How long a payment intent awaits confirmation before it expires and its hold is released.'),
  confirm_assertion_above: z
    .record(z.string().min(1).max(16), decimal)
    .default({})
    .describe('Per currency, the amount above which confirming a payment intent needs a fresh passkey assertion in the body (e.g. {"USD": "500.00"}); none by default.'),
  expiry_sweep_interval_ms: z.number().int().min(0).default(60_000).describe('How often a serving process expires payment intents past expires_at (0 turns the sweep off).'),
  expiry_sweep_batch: z.number().int().min(1).max(10_000).default(500).describe('Payment intents expired per pass.'),
  push_interval_ms: z.number().int().min(0).default(5_000).describe('How often a serving process pushes pending notifications to devices (0 turns it off).'),
  cleanup_interval_ms: z.number().int().min(0).default(3_600_000).describe('How often a serving process deletes answered or expired challenges (0 turns it off).'),
});

export type MobileConfig = z.output<typeof mobileConfigSchema>;
/** The validated slice, bound by the manifest for the plugin's services. */
export const MobileConfig = token<MobileConfig>('mobile.config');
