import { AssetCatalog, Chain, ChainCatalog, ChainFaucet, Clock, definePlugin, KeyInventory, Ledger, OnChainHoldings, operation, Random, SecretStore, UnitOfWork, type PluginContext, type RuntimeContext } from '../../kernel/public.js';
import type { Bind } from 'inversify';
import { HdCustodyKeys } from './adapters/custody/hd-custody-keys.js';
import { MemoryCustodyRepository } from './adapters/memory/memory-custody-repository.js';
import { MemorySimulatorState } from './adapters/memory/memory-simulator-state.js';
import { SimulatedChain } from './adapters/simulator/simulated-chain.js';
import { chainsMigrations } from './adapters/sql/migrations.js';
import { SqlCustodyRepository } from './adapters/sql/sql-custody-repository.js';
import { SqlSimulatorState } from './adapters/sql/sql-simulator-state.js';
import { ChainRegistry } from './application/chain-registry.js';
import { CustodyHoldings } from './application/custody-holdings.js';
import { HoldingCatalog } from './application/holding-catalog.js';
import { CustodyPathInventory } from './application/key-inventory.js';
import { MovementMirror } from './application/movement-mirror.js';
import { Reconciler } from './application/reconciler.js';
import { DepositAddresses } from './application/deposit-addresses.js';
import { FaucetOperation } from './application/faucet.js';
import { ListDepositAddressesOperation } from './application/list-deposit-addresses.js';
import { GetAddressBalancesOperation } from './application/read-address-balances.js';
import { GetChainOperation, ListChainsOperation } from './application/read-chains.js';
import { GetTransactionOperation } from './application/read-transaction.js';
import { GetWalletOperation } from './application/get-wallet.js';
import { chainsGraphql } from './graphql/chains.js';
import { ChainsConfig, chainsConfigSchema } from './config.js';
import { chainsRoutes, chainsRouteTags } from './http.js';
import { Faucet, GetAddressBalances, GetChain, GetTransaction, GetWallet, ListChains, ListDepositAddresses } from './operations.js';
import { CustodyKeys, CustodyRepository, SimulatorStateRepository } from './ports.js';

/** Named in the SecretStore: the 32 bytes every custody key is derived from. */
const CUSTODY_SEED = 'custody-seed';

/**
 * Loads the custody seed (created on the first start) and refuses to start
 * when the store's addresses were derived from another one: two processes
 * with different seeds on one database would hand out addresses nobody can
 * spend from.
 */
async function loadCustodySeed(rt: RuntimeContext): Promise<void> {
  const seed = await rt.get(SecretStore).obtain(CUSTODY_SEED, () => rt.get(Random).bytes(32));
  const keys = rt.get(HdCustodyKeys);
  keys.load(seed);
  const recorded = await rt.get(UnitOfWork).run((tx) => rt.get(CustodyRepository).recordSeedFingerprint(tx, keys.fingerprint()));
  if (recorded !== keys.fingerprint()) {
    throw new Error(
      `The custody seed of this process (fingerprint ${keys.fingerprint()}) is not the one this store's deposit addresses were derived from (${recorded}): ` +
        'give every process the same secrets directory (secretsDir, BANK_SECRETS_DIR) or restore the original custody-seed file.',
    );
  }
}

/**
 * The chains the service holds assets on (docs/chains.md): the chain
 * catalogue, every account's custodial deposit address per chain, and the
 * Chain port other modules (DeFi, bridges, x402) build on, here provided by
 * the deterministic simulator whose state lives in the store. The faucet
 * exists because the chains are simulated. OnChainHoldings gives the ledger
 * its chain dimension: tokens held per chain, mirrored at the custody
 * addresses, reconciled by the ledger audit.
 */
export const chainsPlugin = definePlugin<ChainsConfig>({
  name: 'chains',
  version: '0.1.0',
  kernel: '^2.3.0',
  description: 'EVM chains and their tokens, simulated: blocks by the clock, gas prices, balances, transfers and receipts.',
  dependsOn: ['core-banking'],
  provides: [ChainCatalog, Chain, ChainFaucet, OnChainHoldings],
  contributes: [KeyInventory],
  requires: [UnitOfWork, AssetCatalog, Clock, Ledger, SecretStore, Random],
  config: chainsConfigSchema,
  register(bind: Bind, ctx: PluginContext<ChainsConfig>) {
    bind(ChainsConfig).toConstantValue(ctx.config);
    bind(ChainRegistry).toSelf();
    bind(ChainCatalog).toService(ChainRegistry);
    bind(SimulatedChain).toSelf();
    bind(Chain).toService(SimulatedChain);
    bind(ChainFaucet).toService(SimulatedChain);
    bind(HdCustodyKeys).toSelf();
    bind(CustodyKeys).toService(HdCustodyKeys);
    bind(DepositAddresses).toSelf();
    bind(HoldingCatalog).toSelf();
    bind(MovementMirror).toSelf();
    bind(Reconciler).toSelf();
    bind(CustodyHoldings).toSelf();
    bind(OnChainHoldings).toService(CustodyHoldings);
    bind(KeyInventory).to(CustodyPathInventory);
  },
  operations: [
    operation(ListChains, ListChainsOperation),
    operation(GetChain, GetChainOperation),
    operation(GetTransaction, GetTransactionOperation),
    operation(GetAddressBalances, GetAddressBalancesOperation),
    operation(ListDepositAddresses, ListDepositAddressesOperation),
    operation(Faucet, FaucetOperation),
    operation(GetWallet, GetWalletOperation),
  ],
  persistence: {
    memory(bind: Bind) {
      bind(SimulatorStateRepository).to(MemorySimulatorState);
      bind(CustodyRepository).to(MemoryCustodyRepository);
    },
    sql(bind: Bind) {
      bind(SimulatorStateRepository).to(SqlSimulatorState);
      bind(CustodyRepository).to(SqlCustodyRepository);
    },
  },
  migrations: chainsMigrations,
  routes: chainsRoutes,
  routeTags: chainsRouteTags,
  graphql: chainsGraphql,
  start: loadCustodySeed,
});

export default chainsPlugin;
