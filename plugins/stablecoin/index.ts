import type { Bind } from 'inversify';
import { AssetCatalog, Clock, definePlugin, Ids, Ledger, operation, StablecoinReserves, UnitOfWork, type PluginContext } from '../../kernel/public.js';
import { MemoryIssuanceRepository } from './adapters/memory/memory-issuance-repository.js';
import { stablecoinMigrations } from './adapters/sql/migrations.js';
import { SqlIssuanceRepository } from './adapters/sql/sql-issuance-repository.js';
import { Issuance, MintOperation, RedeemOperation } from './application/issue.js';
import { GetReserveOperation, ListIssuancesOperation, ListReservesOperation } from './application/queries.js';
import { TokenBook } from './application/token-book.js';
import { StablecoinConfig, stablecoinConfigSchema } from './config.js';
import { stablecoinEvents } from './events.js';
import { stablecoinGraphql } from './graphql/stablecoin.js';
import { stablecoinRoutes, stablecoinRouteTags } from './http.js';
import { GetReserve, ListIssuances, ListReserves, Mint, Redeem } from './operations.js';
import { IssuanceRepository } from './ports.js';

/**
 * The bank's e-money tokens (docs/stablecoin.md): minted at par against a
 * team's fiat, which moves into the token's reserve account through the
 * ledger, and redeemed the same way back. Supply, reserve and coverage are
 * read from the ledger; regtech's status reads them via StablecoinReserves.
 */
export const stablecoinPlugin = definePlugin<StablecoinConfig>({
  name: 'stablecoin',
  version: '0.1.0',
  kernel: '^2.3.0',
  description: 'E-money tokens minted against fiat held in reserve and redeemed at par; supply, reserve and coverage from the ledger.',
  dependsOn: ['core-banking'],
  provides: [StablecoinReserves],
  requires: [UnitOfWork, Ledger, AssetCatalog, Clock, Ids],
  config: stablecoinConfigSchema,
  register(bind: Bind, ctx: PluginContext<StablecoinConfig>) {
    bind(StablecoinConfig).toConstantValue(ctx.config);
    bind(TokenBook).toSelf().inSingletonScope();
    bind(StablecoinReserves).toService(TokenBook);
    bind(Issuance).toSelf();
  },
  operations: [
    operation(ListReserves, ListReservesOperation),
    operation(GetReserve, GetReserveOperation),
    operation(Mint, MintOperation),
    operation(Redeem, RedeemOperation),
    operation(ListIssuances, ListIssuancesOperation),
  ],
  persistence: {
    memory: (bind: Bind) => bind(IssuanceRepository).to(MemoryIssuanceRepository).inSingletonScope(),
    sql: (bind: Bind) => bind(IssuanceRepository).to(SqlIssuanceRepository),
  },
  migrations: stablecoinMigrations,
  routes: stablecoinRoutes,
  routeTags: stablecoinRouteTags,
  events: stablecoinEvents,
  graphql: stablecoinGraphql,
  async start(rt) {
    // A token that does not fit the asset catalogue stops the service at start, not at its first mint.
    rt.get(TokenBook).all();
  },
});

export default stablecoinPlugin;
