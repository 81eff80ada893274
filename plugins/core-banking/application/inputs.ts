import { parseAmountField, ValidationError, type Asset, type AssetCatalog } from '../../../kernel/public.js';

/**
 * Checks of client-supplied fields that every driving adapter needs (REST
 * validates shapes with zod first; the CLI and GraphQL may not), each
 * failing with a 422 that points at the field.
 */
export function parseMoney(assets: AssetCatalog, input: { amount: unknown; asset_code: unknown }): { asset: Asset; amount: bigint } {
  const asset = assets.require(input.asset_code, '/asset_code');
  return { asset, amount: parseAmountField(input.amount, asset, '/amount') };
}

export const MAX_REFERENCE_LENGTH = 255;

export function optionalText(value: unknown, pointer: string, max = MAX_REFERENCE_LENGTH): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' || value.length > max) {
    throw ValidationError.field(pointer, `${pointer.slice(1)} must be a string of at most ${max} characters`);
  }
  return value;
}

export function optionalObject(value: unknown, pointer: string): Record<string, unknown> {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw ValidationError.field(pointer, `${pointer.slice(1)} must be a JSON object`);
  return value as Record<string, unknown>;
}

export function requiredId(value: unknown, pointer: string): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 100) {
    throw ValidationError.field(pointer, `${pointer.slice(1)} must be an account identifier string`);
  }
  return value;
}

/** Far beyond any real list; keeps OFFSET within range. */

