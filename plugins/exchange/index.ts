import type { Bind } from 'inversify';
import { AssetCatalog, Clock, definePlugin, Ids, Ledger, operation, UnitOfWork } from '../../kernel/public.js';
import { MemoryExchangeRepository } from './adapters/memory/memory-exchange-repository.js';
import { exchangeMigrations } from './adapters/sql/migrations.js';
import { SqlExchangeRepository } from './adapters/sql/sql-exchange-repository.js';
import { CancelOrderOperation } from './application/cancel-order.js';
import { PlaceOrderOperation } from './application/place-order.js';
import { GetOrderBookOperation, GetOrderOperation, ListOrdersOperation, ListTradesOperation } from './application/queries.js';
import { exchangeEvents } from './events.js';
import { exchangeGraphql } from './graphql.js';
import {
  CancelOrder,
  GetOrder,
  GetOrderBook,
  ListOrders,
  ListOrdersInput,
  ListTrades,
  ListTradesInput,
  OrderBookInput,
  OrderIdInput,
  PlaceOrder,
  PlaceOrderInput,
} from './operations.js';
import { ExchangeRepository } from './ports.js';

/**
 * The exchange: one order book per team and pair (a bank's internal market
 * between its customers' accounts; books never mix tenants, since money only
 * moves inside a team's ledger). Price-time priority matching; funds reserved
 * by ledger holds, trades settled by ledger captures.
 */
export const exchangePlugin = definePlugin({
  name: 'exchange',
  version: '0.1.0',
  kernel: '^2.0.0',
  description: 'Order books per pair with price-time priority matching, settled through the ledger.',
  dependsOn: ['core-banking'],
  provides: [],
  requires: [UnitOfWork, Ledger, AssetCatalog, Clock, Ids],
  operations: [
    // No REST routes: GraphQL validates every input with these schemas.
    operation(PlaceOrder, PlaceOrderOperation, PlaceOrderInput),
    operation(CancelOrder, CancelOrderOperation, OrderIdInput),
    operation(GetOrder, GetOrderOperation, OrderIdInput),
    operation(ListOrders, ListOrdersOperation, ListOrdersInput),
    operation(GetOrderBook, GetOrderBookOperation, OrderBookInput),
    operation(ListTrades, ListTradesOperation, ListTradesInput),
  ],
  persistence: {
    memory(bind: Bind) {
      bind<ExchangeRepository>(ExchangeRepository).to(MemoryExchangeRepository);
    },
    sql(bind: Bind) {
      bind<ExchangeRepository>(ExchangeRepository).to(SqlExchangeRepository);
    },
  },
  migrations: exchangeMigrations,
  events: exchangeEvents,
  graphql: exchangeGraphql,
});

export default exchangePlugin;
