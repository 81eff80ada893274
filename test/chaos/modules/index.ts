import type { ChaosModule } from '../registry.js';
import { batch } from './batch.js';
import { cardIssuance } from './card-issuance.js';
import { cgo } from './cgo.js';
import { commerce } from './commerce.js';
import { coreBanking } from './core-banking.js';
import { crosschain } from './crosschain.js';
import { defi } from './defi.js';
import { exchange } from './exchange.js';
import { gcu } from './gcu.js';
import { iso20022 } from './iso20022.js';
import { liquidity } from './liquidity.js';
import { mobile } from './mobile.js';
import { product } from './product.js';
import { rewards } from './rewards.js';
import { stablecoin } from './stablecoin.js';
import { x402 } from './x402.js';

/**
 * Every module the harness drives. A new module adds one file beside these
 * (its operations, their effects, its funding) and one line here.
 */
export const CHAOS_MODULES: readonly ChaosModule[] = [coreBanking, defi, liquidity, gcu, mobile, batch, cardIssuance, crosschain, exchange, x402, commerce, iso20022, product, stablecoin, rewards, cgo];
