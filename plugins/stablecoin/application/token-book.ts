import { inject, injectable } from 'inversify';
import { AssetCatalog, Ledger, NotFoundError, type Asset, type StablecoinReserve, type StablecoinReserves, type Tx } from '../../../kernel/public.js';
import { StablecoinConfig } from '../config.js';
import { issuerAccount, reserveAccount } from '../domain/reserve.js';

/** A configured token: its asset and the fiat asset behind it. */
export interface Token {
  readonly asset: Asset;
  readonly reference: Asset;
}

/**
 * The configured tokens, and their figures read from the ledger: the
 * reserve is what the team's reserve account holds of the reference asset,
 * the supply is what its issuer account has issued (minus its balance).
 * Both are sums of ledger entries in the caller's unit of work, so they are
 * exact at every moment and never drift from the money. This is also the
 * StablecoinReserves port regtech reads.
 */
@injectable()
export class TokenBook implements StablecoinReserves {
  constructor(
    @inject(StablecoinConfig) private readonly config: StablecoinConfig,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
    @inject(Ledger) private readonly ledger: Ledger,
  ) {}

  /** Every configured token; throws (at start) when one does not fit the asset catalogue. */
  all(): Token[] {
    return Object.entries(this.config.tokens).map(([code, { reference_asset }]) => {
      const asset = this.assets.find(code);
      const reference = this.assets.find(reference_asset);
      if (!asset) throw new Error(`stablecoin: token ${code} is not in the asset catalogue.`);
      if (!reference || reference.type !== 'fiat') throw new Error(`stablecoin: ${code}'s reference asset ${reference_asset} is not a fiat asset of the catalogue.`);
      if (asset.precision !== reference.precision) throw new Error(`stablecoin: ${code} has precision ${asset.precision}, its reference asset ${reference_asset} ${reference.precision}; they must match.`);
      return { asset, reference };
    });
  }

  /** The token, or a 404 for a code the bank does not issue. */
  require(code: string): Token {
    const found = this.all().find((one) => one.asset.code === code);
    if (!found) throw new NotFoundError('stablecoin', code, { parameter: 'code' });
    return found;
  }

  async figures(tx: Tx, teamId: string, token: Token): Promise<StablecoinReserve> {
    const code = token.asset.code;
    const reserve = await this.ledger.balance(tx, teamId, reserveAccount(code), token.reference.code);
    const issuer = await this.ledger.balance(tx, teamId, issuerAccount(code), code);
    return { code, referenceAsset: token.reference.code, precision: token.asset.precision, outstandingSupply: -issuer.available, reserveAssets: reserve.available };
  }

  async reserves(tx: Tx, teamId: string): Promise<StablecoinReserve[]> {
    const figures: StablecoinReserve[] = [];
    for (const token of this.all()) figures.push(await this.figures(tx, teamId, token));
    return figures;
  }
}
