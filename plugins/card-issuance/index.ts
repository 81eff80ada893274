import type { Bind } from 'inversify';
import { AssetCatalog, Clock, definePlugin, Ids, Ledger, operation, Random, SecretStore, UnitOfWork, type PluginContext } from '../../kernel/public.js';
import { MemoryCardRepository } from './adapters/memory/memory-card-repository.js';
import { cardIssuanceMigrations } from './adapters/sql/migrations.js';
import { SqlCardRepository } from './adapters/sql/sql-card-repository.js';
import { AuthorizeOperation, CaptureOperation, ListAuthorizationsOperation, ReverseOperation } from './application/authorizations.js';
import { CreateCardholderOperation, GetCardholderOperation, ListCardholdersOperation } from './application/cardholders.js';
import { IssueCardOperation } from './application/issue-card.js';
import { CancelCardOperation, CardStatusChange, FreezeCardOperation, GetCardOperation, ListCardsOperation, UnfreezeCardOperation, UpdateControlsOperation } from './application/manage-cards.js';
import { PanVault } from './application/pan-vault.js';
import { CardIssuanceConfig, cardIssuanceConfigSchema } from './config.js';
import { cardIssuanceEvents } from './events.js';
import { cardIssuanceGraphql } from './graphql/card-issuance.js';
import { cardIssuanceRoutes, cardIssuanceRouteTags } from './http.js';
import {
  Authorize,
  CancelCard,
  Capture,
  CreateCardholder,
  FreezeCard,
  GetCard,
  GetCardholder,
  IssueCard,
  ListAuthorizations,
  ListCardholders,
  ListCards,
  Reverse,
  UnfreezeCard,
  UpdateControls,
} from './operations.js';
import { CardRepository } from './ports.js';

/**
 * Card issuing (docs/card-issuance.md): cardholders and virtual cards on
 * the team's accounts with spending controls; authorizations are ledger
 * holds, captures pay the card scheme's settlement account, reversals and
 * cancellations release. Card numbers pass the Luhn check, are shown once
 * and kept encrypted under a key in the SecretStore.
 */
export const cardIssuancePlugin = definePlugin<CardIssuanceConfig>({
  name: 'card-issuance',
  version: '0.1.0',
  kernel: '^2.2.0',
  description: 'Cardholders and virtual cards with spending controls; authorizations as ledger holds, captures and reversals.',
  dependsOn: ['core-banking'],
  provides: [],
  requires: [UnitOfWork, Ledger, AssetCatalog, Clock, Ids, Random, SecretStore],
  config: cardIssuanceConfigSchema,
  register(bind: Bind, ctx: PluginContext<CardIssuanceConfig>) {
    bind(CardIssuanceConfig).toConstantValue(ctx.config);
    bind(PanVault).toSelf().inSingletonScope();
    bind(CardStatusChange).toSelf();
  },
  operations: [
    operation(CreateCardholder, CreateCardholderOperation),
    operation(GetCardholder, GetCardholderOperation),
    operation(ListCardholders, ListCardholdersOperation),
    operation(IssueCard, IssueCardOperation),
    operation(GetCard, GetCardOperation),
    operation(ListCards, ListCardsOperation),
    operation(UpdateControls, UpdateControlsOperation),
    operation(FreezeCard, FreezeCardOperation),
    operation(UnfreezeCard, UnfreezeCardOperation),
    operation(CancelCard, CancelCardOperation),
    operation(Authorize, AuthorizeOperation),
    operation(ListAuthorizations, ListAuthorizationsOperation),
    operation(Capture, CaptureOperation),
    operation(Reverse, ReverseOperation),
  ],
  persistence: {
    memory: (bind: Bind) => bind(CardRepository).to(MemoryCardRepository).inSingletonScope(),
    sql: (bind: Bind) => bind(CardRepository).to(SqlCardRepository),
  },
  migrations: cardIssuanceMigrations,
  routes: cardIssuanceRoutes,
  routeTags: cardIssuanceRouteTags,
  events: cardIssuanceEvents,
  graphql: cardIssuanceGraphql,
});

export default cardIssuancePlugin;
