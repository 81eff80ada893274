import { ActivityHistory, AssetCatalog, Chain, ChainCatalog, Clock, definePlugin, Ids, Ledger, OnChainHoldings, operation, Random, RequestGate, Scheduler, UnitOfWork, type PluginContext } from '../../kernel/public.js';
import type { Bind } from 'inversify';
import { MemoryEndpointRepository } from './adapters/memory/memory-endpoint-repository.js';
import { MemoryPaymentRepository } from './adapters/memory/memory-payment-repository.js';
import { x402Migrations } from './adapters/sql/migrations.js';
import { SqlEndpointRepository } from './adapters/sql/sql-endpoint-repository.js';
import { SqlPaymentRepository } from './adapters/sql/sql-payment-repository.js';
import { BuiltinFacilitator } from './application/builtin-facilitator.js';
import { EndpointViews } from './application/endpoint-views.js';
import { FacilitatorRequests, FacilitatorSettleOperation, FacilitatorVerifyOperation } from './application/facilitator-api.js';
import { CreateEndpointOperation, DeleteEndpointOperation, ListEndpointsOperation, UpdateEndpointOperation } from './application/manage-endpoints.js';
import { PaymentGate } from './application/payment-gate.js';
import { X402PaymentHistory } from './application/payment-history.js';
import { ListPaymentsOperation } from './application/read-payments.js';
import { ListRelaysOperation } from './application/relays.js';
import { FacilitatorKindsOperation, GetStatusOperation, GetSupportedOperation } from './application/read-support.js';
import { Requirements } from './application/requirements.js';
import { FinishMadePayment } from './application/finish-made-payment.js';
import { PayOperation } from './application/pay.js';
import { RecoverPayments } from './application/recover-payments.js';
import { GetSpendingLimitsOperation, ListAgentsOperation, PutAgentOperation, RemoveAgentOperation, SetSpendingLimitsOperation, SpendingViews } from './application/spending-limits.js';
import { HttpPayTransport } from './adapters/http/http-pay-transport.js';
import { MemorySpendingRepository } from './adapters/memory/memory-spending-repository.js';
import { SqlSpendingRepository } from './adapters/sql/sql-spending-repository.js';
import { X402Networks } from './application/x402-networks.js';
import { X402Config, x402ConfigSchema } from './config.js';
import { x402Events } from './events.js';
import { x402Graphql } from './graphql/contributions.js';
import { x402Routes, x402RouteTags } from './http.js';
import { GetSpendingLimits, ListAgents, Pay, PutAgent, RemoveAgent, SetSpendingLimits } from './operations.js';
import { CreateEndpoint, DeleteEndpoint, FacilitatorKinds, FacilitatorSettle, FacilitatorVerify, GetStatus, GetSupported, ListEndpoints, ListPayments, ListRelays, relayListInput, UpdateEndpoint } from './operations.js';
import { EndpointRepository, Facilitator, PaymentRepository, PayTransport, SpendingRepository } from './ports.js';

/**
 * x402 micropayments (docs/x402.md): teams monetize paths of the service,
 * calls pay per request with an EIP-3009 USDC authorization in any of the
 * three header dialects, verified offline with viem and settled by the
 * built-in facilitator on the simulated chains, crediting the receiving
 * account in the ledger. The payment requirement reaches the REST adapter
 * as the RequestGate this plugin provides.
 */
export const x402Plugin = definePlugin<X402Config>({
  name: 'x402',
  version: '0.1.0',
  kernel: '^2.5.0',
  description: 'HTTP 402 micropayments: monetized paths paid with USDC authorizations, and the built-in facilitator.',
  dependsOn: ['core-banking', 'chains'],
  provides: [RequestGate],
  contributes: [ActivityHistory],
  requires: [UnitOfWork, Clock, Ids, Random, Ledger, OnChainHoldings, ChainCatalog, Chain, AssetCatalog, Scheduler],
  config: x402ConfigSchema,
  register(bind: Bind, ctx: PluginContext<X402Config>) {
    bind(X402Config).toConstantValue(ctx.config);
    bind(X402Networks).toSelf().inSingletonScope();
    bind(Requirements).toSelf();
    bind(EndpointViews).toSelf();
    bind(ActivityHistory).to(X402PaymentHistory);
    bind(FacilitatorRequests).toSelf();
    bind(Facilitator).to(BuiltinFacilitator);
    bind(RequestGate).to(PaymentGate).inSingletonScope();
    bind(SpendingViews).toSelf();
    bind(FinishMadePayment).toSelf();
    bind(RecoverPayments).toSelf();
    bind(PayTransport).to(HttpPayTransport).inSingletonScope();
  },
  operations: [
    operation(CreateEndpoint, CreateEndpointOperation),
    operation(ListEndpoints, ListEndpointsOperation),
    operation(UpdateEndpoint, UpdateEndpointOperation),
    operation(DeleteEndpoint, DeleteEndpointOperation),
    operation(ListPayments, ListPaymentsOperation),
    operation(ListRelays, ListRelaysOperation, relayListInput),
    operation(GetSupported, GetSupportedOperation),
    operation(GetStatus, GetStatusOperation),
    operation(FacilitatorVerify, FacilitatorVerifyOperation),
    operation(FacilitatorSettle, FacilitatorSettleOperation),
    operation(FacilitatorKinds, FacilitatorKindsOperation),
    operation(GetSpendingLimits, GetSpendingLimitsOperation),
    operation(SetSpendingLimits, SetSpendingLimitsOperation),
    operation(ListAgents, ListAgentsOperation),
    operation(PutAgent, PutAgentOperation),
    operation(RemoveAgent, RemoveAgentOperation),
    operation(Pay, PayOperation),
  ],
  persistence: {
    memory: (bind: Bind) => {
      bind(EndpointRepository).to(MemoryEndpointRepository).inSingletonScope();
      bind(PaymentRepository).to(MemoryPaymentRepository).inSingletonScope();
      bind(SpendingRepository).to(MemorySpendingRepository).inSingletonScope();
    },
    sql: (bind: Bind) => {
      bind(EndpointRepository).to(SqlEndpointRepository);
      bind(PaymentRepository).to(SqlPaymentRepository);
      bind(SpendingRepository).to(SqlSpendingRepository);
    },
  },
  migrations: x402Migrations,
  routes: x402Routes,
  routeTags: x402RouteTags,
  events: x402Events,
  graphql: x402Graphql,
  // Payments left verified by a crash or a lost connection are finished once nothing can change them.
  async start(rt) {
    const recovery = rt.get(RecoverPayments);
    rt.get(Scheduler).every({ name: 'x402.recover-payments', intervalMs: 60_000, run: () => recovery.run() });
  },
});

export default x402Plugin;
