import type { Bind } from 'inversify';
import { AssetCatalog, Clock, ConsumerStore, definePlugin, EventStore, Ids, operation, PriceFeed, TransactionHistory, UnitOfWork, type PluginContext } from '../../kernel/public.js';
import { MemoryQueryLogRepository } from './adapters/memory/memory-query-log-repository.js';
import { aiMigrations } from './adapters/sql/migrations.js';
import { SqlQueryLogRepository } from './adapters/sql/sql-query-log-repository.js';
import { AskQueryOperation } from './application/ask-query.js';
import { AskTransactionsOperation } from './application/ask-transactions.js';
import { CandidateReader } from './application/candidates.js';
import { ListQueriesOperation } from './application/list-queries.js';
import { QueryEngine } from './application/query-engine.js';
import { QueryLog } from './application/query-log.js';
import { AiConfig, aiConfigSchema } from './config.js';
import { aiEvents } from './events.js';
import { aiGraphql } from './graphql/ai.js';
import { aiRoutes, aiRouteTags } from './http.js';
import { AskQuery, AskTransactions, ListQueries } from './operations.js';
import { QueryLogRepository } from './ports.js';

/**
 * Natural-language queries over the team's transactions: a deterministic,
 * offline slot-filling interpreter (interpreter/), run on core banking's
 * TransactionHistory port, with regtech's ComplianceFlags read optionally.
 */
export const aiPlugin = definePlugin<AiConfig>({
  name: 'ai',
  version: '0.1.0',
  kernel: '^2.2.0',
  description: 'Questions about transactions in plain English: interpretation, results, analytics and a query log.',
  dependsOn: ['core-banking'],
  provides: [],
  requires: [UnitOfWork, Clock, Ids, AssetCatalog, PriceFeed, EventStore, ConsumerStore, TransactionHistory],
  config: aiConfigSchema,
  register(bind: Bind, ctx: PluginContext<AiConfig>) {
    bind(AiConfig).toConstantValue(ctx.config);
    bind(CandidateReader).toSelf();
    bind(QueryEngine).toSelf();
    bind(QueryLog).toSelf();
  },
  operations: [
    operation(AskTransactions, AskTransactionsOperation),
    operation(AskQuery, AskQueryOperation),
    operation(ListQueries, ListQueriesOperation),
  ],
  persistence: {
    memory: (bind: Bind) => bind(QueryLogRepository).to(MemoryQueryLogRepository),
    sql: (bind: Bind) => bind(QueryLogRepository).to(SqlQueryLogRepository),
  },
  migrations: aiMigrations,
  routes: aiRoutes,
  routeTags: aiRouteTags,
  events: aiEvents,
  graphql: aiGraphql,
});

export default aiPlugin;
