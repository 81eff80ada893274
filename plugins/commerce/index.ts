import type { Bind } from 'inversify';
import { AssetCatalog, Clock, definePlugin, Ids, Ledger, operation, Random, UnitOfWork } from '../../kernel/public.js';
import { MemoryCommerceRepository } from './adapters/memory/memory-commerce-repository.js';
import { commerceMigrations } from './adapters/sql/migrations.js';
import { SqlCommerceRepository } from './adapters/sql/sql-commerce-repository.js';
import { CreateInvoiceOperation, GetInvoiceOperation, ListInvoicesOperation, VoidInvoiceOperation } from './application/invoices.js';
import { ApplyMerchantOperation, ApproveMerchantOperation, GetMerchantOperation, ListMerchantsOperation, MerchantDecision, SuspendMerchantOperation } from './application/merchants.js';
import { GetPaymentRequestOperation, PayInvoiceOperation } from './application/pay-invoice.js';
import { commerceEvents } from './events.js';
import { commerceGraphql } from './graphql/commerce.js';
import { commerceRoutes, commerceRouteTags } from './http.js';
import {
  ApplyMerchant,
  ApproveMerchant,
  CreateInvoice,
  GetInvoice,
  GetMerchant,
  GetPaymentRequest,
  ListInvoices,
  ListMerchants,
  PayInvoice,
  SuspendMerchant,
  VoidInvoice,
} from './operations.js';
import { CommerceRepository } from './ports.js';

/**
 * Commerce (docs/commerce.md): merchants that a team applies for and an
 * operator approves or suspends, and their invoices, paid once by any
 * team through the invoice's pay code from one of its accounts into the
 * merchant's settlement account, through the Ledger port.
 */
export const commercePlugin = definePlugin({
  name: 'commerce',
  version: '0.1.0',
  kernel: '^2.2.0',
  description: 'Merchants approved by an operator, invoices with pay codes, paid by any team through the ledger.',
  dependsOn: ['core-banking'],
  provides: [],
  requires: [UnitOfWork, Ledger, AssetCatalog, Clock, Ids, Random],
  register(bind: Bind) {
    bind(MerchantDecision).toSelf();
  },
  operations: [
    operation(ApplyMerchant, ApplyMerchantOperation),
    operation(GetMerchant, GetMerchantOperation),
    operation(ListMerchants, ListMerchantsOperation),
    operation(ApproveMerchant, ApproveMerchantOperation),
    operation(SuspendMerchant, SuspendMerchantOperation),
    operation(CreateInvoice, CreateInvoiceOperation),
    operation(GetInvoice, GetInvoiceOperation),
    operation(ListInvoices, ListInvoicesOperation),
    operation(VoidInvoice, VoidInvoiceOperation),
    operation(GetPaymentRequest, GetPaymentRequestOperation),
    operation(PayInvoice, PayInvoiceOperation),
  ],
  persistence: {
    memory: (bind: Bind) => bind(CommerceRepository).to(MemoryCommerceRepository).inSingletonScope(),
    sql: (bind: Bind) => bind(CommerceRepository).to(SqlCommerceRepository),
  },
  migrations: commerceMigrations,
  routes: commerceRoutes,
  routeTags: commerceRouteTags,
  events: commerceEvents,
  graphql: commerceGraphql,
});

export default commercePlugin;
