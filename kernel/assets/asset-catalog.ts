import type { Asset } from '../money/asset.js';
import type { AssetCatalog } from '../../ports/asset-catalog.js';
import { ValidationError } from '../errors/errors.js';

/** The configured asset list, looked up by code. */
export class ConfiguredAssetCatalog implements AssetCatalog {
  readonly #byCode: ReadonlyMap<string, Asset>;

  constructor(private readonly assets: readonly Asset[]) {
    this.#byCode = new Map(assets.map((asset) => [asset.code, asset]));
  }

  list(): readonly Asset[] {
    return this.assets;
  }

  find(code: string): Asset | undefined {
    return this.#byCode.get(code);
  }

  require(code: unknown, pointer: string): Asset {
    const asset = typeof code === 'string' ? this.#byCode.get(code) : undefined;
    if (!asset) {
      throw ValidationError.field(pointer, `unknown asset '${String(code)}'; known: ${[...this.#byCode.keys()].join(', ')}`, 'unknown_asset');
    }
    return asset;
  }
}
