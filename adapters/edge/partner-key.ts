import { AppError } from '../../kernel/errors/index.js';

/**
 * The one X-Partner-Key header of a request (pass `req.headersDistinct`'s
 * entry), handed to the CallGate. Two are refused (401) rather than one
 * silently chosen, as for Authorization.
 */
export function partnerKeyHeader(values: readonly string[] | undefined): { partnerKey?: string } {
  if (values && values.length > 1) {
    throw new AppError(401, 'invalid_partner_key', 'Unauthenticated', 'Send one X-Partner-Key header, not several.', { header: 'X-Partner-Key' });
  }
  return values?.[0] !== undefined ? { partnerKey: values[0] } : {};
}
