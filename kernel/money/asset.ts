export type AssetType = 'fiat' | 'commodity' | 'crypto' | 'basket';

/** One entry of the asset catalogue; `precision` is the number of minor-unit decimals. */
export interface Asset {
  readonly code: string;
  readonly name: string;
  readonly type: AssetType;
  readonly precision: number;
}
