import { eventType } from '../../kernel/public.js';
import { StablecoinIssuanceView } from './operations.js';

/** Every mint and redemption commits with one of these, in the unit of work of its ledger movement. */
const group = 'Stablecoin';

export const StablecoinMinted = eventType({
  name: 'stablecoin.minted',
  version: 1,
  group,
  description: 'Tokens were minted: the reference asset moved from the account into the reserve and the tokens were credited to it.',
  emittedBy: 'POST /stablecoins/{code}/mint, mintStablecoin',
  payload: StablecoinIssuanceView,
  webhook: true,
});
export const StablecoinRedeemed = eventType({
  name: 'stablecoin.redeemed',
  version: 1,
  group,
  description: 'Tokens were redeemed: they left the account and the same amount of the reference asset came back from the reserve.',
  emittedBy: 'POST /stablecoins/{code}/redeem, redeemStablecoin',
  payload: StablecoinIssuanceView,
  webhook: true,
});

export const stablecoinEvents = [StablecoinMinted, StablecoinRedeemed];
