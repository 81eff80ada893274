import { inject, injectable } from 'inversify';
import { AssetCatalog, parseDecimal, type Asset } from '../../../kernel/public.js';
import { CoreBankingConfig } from '../config.js';
import { checkFeeRule, transferFee, type FeeRule } from '../domain/fees.js';

/**
 * The configured fee rules, resolved per asset once. Per-asset bounds are
 * decimal strings of that asset; the default rule's minimum is a count of
 * minor units (1 unless set, 0 when bps is 0). Bad rules fail at start.
 */
@injectable()
export class FeeSchedule {
  readonly #rules = new Map<string, FeeRule>();
  readonly #default: FeeRule;

  constructor(
    @inject(CoreBankingConfig) config: CoreBankingConfig,
    @inject(AssetCatalog) assets: AssetCatalog,
  ) {
    const { bps, min_minor_units } = config.fees.default;
    this.#default = { bps, min: BigInt(min_minor_units ?? (bps > 0 ? 1 : 0)) };
    const problems: string[] = [];
    for (const [code, rule] of Object.entries(config.fees.assets)) {
      const asset = assets.find(code);
      if (!asset) {
        problems.push(`fees.assets.${code}: unknown asset`);
        continue;
      }
      const bound = (text: string | undefined, name: string): bigint | undefined => {
        if (text === undefined) return undefined;
        const parsed = parseDecimal(text, asset.precision);
        if (parsed.ok) return parsed.minor;
        problems.push(`fees.assets.${code}.${name}: more decimals than ${code} has (${asset.precision})`);
        return undefined;
      };
      const min = bound(rule.min, 'min') ?? (rule.bps > 0 ? 1n : 0n);
      const max = bound(rule.max, 'max');
      const resolved: FeeRule = max === undefined ? { bps: rule.bps, min } : { bps: rule.bps, min, max };
      const problem = checkFeeRule(resolved);
      if (problem) problems.push(`fees.assets.${code}: ${problem}`);
      this.#rules.set(code, resolved);
    }
    if (problems.length > 0) throw new Error(`Invalid core-banking fee schedule:\n  ${problems.join('\n  ')}`);
  }

  ruleFor(asset: Asset): FeeRule {
    return this.#rules.get(asset.code) ?? this.#default;
  }

  /** Fee in minor units of `asset` for sending `amount` minor units. */
  feeFor(asset: Asset, amount: bigint): bigint {
    return transferFee(amount, this.ruleFor(asset));
  }
}
