import type { Bind } from 'inversify';
import { AssetCatalog, Clock, definePlugin, Ids, Ledger, Logger, operation, Scheduler, UnitOfWork, type PluginContext } from '../../kernel/public.js';
import { MemoryProductRepository } from './adapters/memory/memory-product-repository.js';
import { productMigrations } from './adapters/sql/migrations.js';
import { SqlProductRepository } from './adapters/sql/sql-product-repository.js';
import { ProductAccrual } from './application/accrual.js';
import { ActivateProductOperation, CreateProductOperation, ListActivationsOperation, ListProductsOperation } from './application/products.js';
import { ProductConfig, productConfigSchema } from './config.js';
import { productEvents } from './events.js';
import { productGraphql } from './graphql/product.js';
import { productRoutes, productRouteTags } from './http.js';
import { ActivateProduct, CreateProduct, ListActivations, ListProducts } from './operations.js';
import { ProductRepository } from './ports.js';

/**
 * Banking products: account types with an interest rate and a monthly fee,
 * activated on accounts; interest accrued daily (ACT/365, exact integers,
 * remainder carried) and fees charged by the scheduled task
 * 'product.accrue', both posted through the Ledger port (docs/product.md).
 */
export const productPlugin = definePlugin<ProductConfig>({
  name: 'product',
  version: '0.1.0',
  kernel: '^2.2.0',
  description: 'Banking products with interest and fees, posted through the ledger.',
  dependsOn: ['core-banking'],
  provides: [],
  requires: [UnitOfWork, Ledger, AssetCatalog, Clock, Ids, Logger, Scheduler],
  config: productConfigSchema,
  register(bind: Bind, ctx: PluginContext<ProductConfig>) {
    bind(ProductConfig).toConstantValue(ctx.config);
    bind(ProductAccrual).toSelf();
  },
  operations: [
    operation(CreateProduct, CreateProductOperation),
    operation(ListProducts, ListProductsOperation),
    operation(ActivateProduct, ActivateProductOperation),
    operation(ListActivations, ListActivationsOperation),
  ],
  persistence: {
    memory: (bind: Bind) => bind(ProductRepository).to(MemoryProductRepository),
    sql: (bind: Bind) => bind(ProductRepository).to(SqlProductRepository),
  },
  migrations: productMigrations,
  routes: productRoutes,
  routeTags: productRouteTags,
  events: productEvents,
  graphql: productGraphql,
  async start(rt) {
    const { accrual_interval_ms: intervalMs } = rt.get(ProductConfig);
    const accrual = rt.get(ProductAccrual);
    if (intervalMs > 0) rt.get(Scheduler).every({ name: 'product.accrue', intervalMs, run: () => accrual.run() });
  },
});

export default productPlugin;
