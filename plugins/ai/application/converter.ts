import { mulDivHalfUp, type Asset, type PriceFeed } from '../../../kernel/public.js';

/**
 * Converts amounts into one currency's minor units through the price feed
 * (USD prices of both sides), each amount rounded half-up on its own; one
 * quote per asset per question, so every figure of an answer uses the same
 * prices. An amount already in the currency is taken as it is.
 */
export class Converter {
  readonly #prices = new Map<string, Promise<{ numerator: bigint; scale: number; at: Date }>>();
  #oldest: Date | null = null;

  constructor(
    private readonly feed: PriceFeed,
    readonly target: Asset,
  ) {}

  /** Time of the oldest price used so far; null while nothing was converted. */
  get pricesAt(): Date | null {
    return this.#oldest;
  }

  async convert(amount: bigint, assetCode: string, precision: number): Promise<bigint> {
    if (assetCode === this.target.code) return amount;
    const [from, to] = await Promise.all([this.price(assetCode), this.price(this.target.code)]);
    // amount / 10^p × (nf / 10^sf) ÷ (nt / 10^st) × 10^pt
    const numerator = from.numerator * 10n ** BigInt(to.scale + this.target.precision);
    const denominator = to.numerator * 10n ** BigInt(from.scale + precision);
    for (const at of [from.at, to.at]) if (this.#oldest === null || at < this.#oldest) this.#oldest = at;
    return mulDivHalfUp(amount, numerator, denominator);
  }

  private price(code: string): Promise<{ numerator: bigint; scale: number; at: Date }> {
    let price = this.#prices.get(code);
    if (!price) {
      price = this.feed.usdPrice(code).then((quote) => ({ numerator: quote.usd.numerator, scale: quote.usd.scale, at: quote.at }));
      this.#prices.set(code, price);
    }
    return price;
  }
}
