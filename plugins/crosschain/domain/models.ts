import { axelarModel } from './axelar.js';
import type { BridgeModel } from './bridge-model.js';
import { layerzeroModel } from './layerzero.js';
import { wormholeModel } from './wormhole.js';

/** The three protocols' models, in the spec's order. */
export const BRIDGE_MODELS: readonly BridgeModel[] = [wormholeModel, layerzeroModel, axelarModel];
