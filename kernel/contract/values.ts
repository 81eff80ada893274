import { z } from 'zod';

/**
 * Value schemas every plugin's views and inputs share, so the OpenAPI
 * document describes a timestamp or an amount the same way everywhere.
 */

/**
 * An instant as the API writes it: ISO 8601 in UTC (`Date#toISOString`).
 * Documented as `format: date-time`; zod's long validating regex stays out of
 * the document (`pattern: undefined` drops it from the JSON Schema).
 */
export const timestamp = z.iso.datetime().meta({ pattern: undefined, example: '2026-01-15T09:30:00.000Z' });

/** A decimal string as the API writes money: at the asset's precision, no sign, no exponent ("100.00"). */
export const decimal = z
  .string()
  .regex(/^(0|[1-9][0-9]*)(\.[0-9]+)?$/, 'must be a decimal string such as "100.00"')
  .meta({ description: 'Decimal string at the asset precision, e.g. "100.00"', example: '100.00' });

/** A decimal that may be negative: a system account's entries ("-1350.00" for system:world). */
export const signedDecimal = z
  .string()
  .regex(/^-?(0|[1-9][0-9]*)(\.[0-9]+)?$/, 'must be a decimal string such as "-100.00"')
  .meta({ description: 'Decimal string at the asset precision, negative for money that left, e.g. "-100.00"', example: '-100.00' });

/** Free-form key/value pairs a client attached (returned as sent). */
export const metadata = z.record(z.string(), z.unknown()).meta({ description: 'Free-form key/value pairs' });
