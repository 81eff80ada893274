import { inject, injectable } from 'inversify';
import { ChainCatalog, ValidationError } from '../../../kernel/public.js';
import { X402Config } from '../config.js';
import { usdcDomain, v1NetworkName, type TokenDomain } from '../domain/networks.js';

export interface X402Asset {
  readonly asset: string;
  readonly contract: `0x${string}`;
  readonly decimals: number;
  readonly domain: TokenDomain;
}

export interface X402Network {
  readonly network: string;
  readonly chain: string;
  readonly chainId: number;
  readonly v1Name: string | undefined;
  readonly assets: readonly X402Asset[];
}

/**
 * The networks and assets payments are accepted in, computed from
 * configuration (`networks`) and the chains catalogue: a network must be a
 * chain there, and its assets are the tokens that support EIP-3009 (USDC,
 * whose EIP-712 domain x402 knows). The contract addresses are the simulated
 * chains'; a deployment on real chains configures the real ones in the
 * catalogue (docs/x402.md).
 */
@injectable()
export class X402Networks {
  readonly #networks: readonly X402Network[];

  constructor(@inject(X402Config) config: X402Config, @inject(ChainCatalog) catalog: ChainCatalog) {
    this.#networks = config.networks.flatMap((network) => {
      const chain = catalog.find(network);
      const domain = chain && usdcDomain(chain.chainId);
      if (!chain || !domain) return [];
      const assets = catalog
        .tokens(chain.name)
        .filter((one) => one.assetCode === 'USDC' && one.contract !== null)
        .map((one) => ({ asset: one.assetCode, contract: one.contract as `0x${string}`, decimals: one.decimals, domain }));
      return assets.length > 0 ? [{ network: chain.caip2, chain: chain.name, chainId: chain.chainId, v1Name: v1NetworkName(chain.caip2), assets }] : [];
    });
  }

  list(): readonly X402Network[] {
    return this.#networks;
  }

  find(network: string): X402Network | undefined {
    return this.#networks.find((one) => one.network === network);
  }

  /** The decimals of a recorded payment's asset; 6 (USDC's) for a network or asset no longer configured. */
  decimalsOf(network: string, asset: string): number {
    return this.find(network)?.assets.find((one) => one.asset === asset)?.decimals ?? 6;
  }

  /** The network and asset of client input, or a 422 at their pointers naming what is accepted. */
  require(network: string, asset: string, pointers: { network: string; asset: string }): { network: X402Network; asset: X402Asset } {
    const found = this.find(network);
    if (!found) {
      throw ValidationError.field(pointers.network, `Payments are accepted on ${this.#networks.map((one) => one.network).join(', ')}.`, 'unsupported_network');
    }
    const token = found.assets.find((one) => one.asset === asset.toUpperCase());
    if (!token) throw ValidationError.field(pointers.asset, `On ${network} payments are accepted in ${found.assets.map((one) => one.asset).join(', ')}.`, 'unsupported_asset');
    return { network: found, asset: token };
  }
}
