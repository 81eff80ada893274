import { ValidationError, type AssetCatalog, type ChainCatalog } from '../../../kernel/public.js';
import { percentToBps, WHOLE_BPS, type AllocationTarget } from '../domain/allocation.js';
import type { SetAllocationInput } from '../operations.js';

/** The token, a 422 at `pointer` unless it is an asset held on some chain of the catalogue. */
export function requireChainToken(catalog: ChainCatalog, assets: AssetCatalog, token: string, pointer: string): string {
  const asset = assets.find(token);
  if (!asset) throw ValidationError.field(pointer, `Unknown token '${token}'.`, 'unknown_token');
  const chains = catalog.list().filter((chain) => catalog.tokens(chain.name).some((one) => one.assetCode === asset.code));
  if (chains.length === 0) throw ValidationError.field(pointer, `${asset.code} is not a token on any chain: only tokens are allocated across chains.`, 'unknown_token');
  return asset.code;
}

/**
 * The allocation's targets, each refusal a 422 at its field (so nothing is
 * stored): every chain known (name or CAIP-2 id), not a testnet (no bridge
 * reaches one), listed once and holding the token; every percentage a
 * decimal from 0 to 100 with at most two decimals; together exactly 100.
 */
export function validateTargets(catalog: ChainCatalog, token: string, targets: SetAllocationInput['targets']): AllocationTarget[] {
  const seen = new Set<string>();
  const result = targets.map((target, index) => {
    const at = `/targets/${index}`;
    const chain = catalog.require(target.chain, `${at}/chain`);
    if (chain.testnet) throw ValidationError.field(`${at}/chain`, `${chain.name} is a testnet: no bridge reaches it.`, 'testnet_chain');
    if (seen.has(chain.name)) throw ValidationError.field(`${at}/chain`, `${chain.name} is listed twice.`, 'duplicate_chain');
    seen.add(chain.name);
    catalog.requireToken(chain.name, token, `${at}/chain`);
    const bps = percentToBps(target.percent);
    if (bps === undefined) throw ValidationError.field(`${at}/percent`, 'A percentage from 0 to 100 with at most two decimals, as a string ("33.33").', 'invalid_percent');
    return { chain: chain.name, bps };
  });
  const sum = result.reduce((total, target) => total + target.bps, 0);
  if (sum !== WHOLE_BPS) throw ValidationError.field('/targets', `The percentages sum to ${sum / 100}, not 100.`, 'percent_sum');
  return result;
}
