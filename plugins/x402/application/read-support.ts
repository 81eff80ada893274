import { inject, injectable } from 'inversify';
import { UnitOfWork, type Operation, type RequestContext } from '../../../kernel/public.js';
import { X402Config } from '../config.js';
import type { FacilitatorSupported, StatusView, SupportedView } from '../operations.js';
import { EndpointRepository, Facilitator, PaymentRepository } from '../ports.js';
import { X402Networks } from './x402-networks.js';

/** GET /x402/supported: the networks and assets payments are accepted in, from configuration and the chains catalogue. */
@injectable()
export class GetSupportedOperation implements Operation<Record<string, never>, SupportedView> {
  constructor(@inject(X402Networks) private readonly networks: X402Networks) {}

  async execute(): Promise<SupportedView> {
    return {
      networks: this.networks.list().map((one) => ({
        network: one.network,
        chain: one.chain,
        v1_name: one.v1Name ?? null,
        assets: one.assets.map((asset) => ({ asset: asset.asset, contract: asset.contract, decimals: asset.decimals, eip712_name: asset.domain.name, eip712_version: asset.domain.version })),
      })),
      schemes: ['exact'],
      x402_versions: [1, 2],
    };
  }
}

/** GET /x402/status: networks, assets, the facilitator and whether it answers, and the team's counts. */
@injectable()
export class GetStatusOperation implements Operation<Record<string, never>, StatusView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(X402Networks) private readonly networks: X402Networks,
    @inject(Facilitator) private readonly facilitator: Facilitator,
    @inject(EndpointRepository) private readonly endpoints: EndpointRepository,
    @inject(PaymentRepository) private readonly payments: PaymentRepository,
    @inject(X402Config) private readonly config: X402Config,
  ) {}

  async execute(_input: Record<string, never>, ctx: RequestContext): Promise<StatusView> {
    const teamId = ctx.actor.teamId;
    // The built-in facilitator answers when the store does: it reads and writes there.
    const { endpoints, payments, reachable } = await this.uow.run(async (tx) => ({
      endpoints: (await this.endpoints.list(tx, teamId, { page: 1, perPage: 1 })).total,
      payments: await this.payments.counts(tx, teamId),
      reachable: true,
    }));
    const networks = this.networks.list();
    return {
      enabled: networks.length > 0,
      networks: networks.map((one) => one.network),
      assets: [...new Set(networks.flatMap((one) => one.assets.map((asset) => asset.asset)))],
      facilitator: { url: this.config.facilitator_url ?? '/api/v2/x402/facilitator', kind: this.facilitator.kind, reachable },
      counts: { endpoints, payments },
    };
  }
}

/** GET /x402/facilitator/supported: x402's answer, the kinds this facilitator settles. */
@injectable()
export class FacilitatorKindsOperation implements Operation<Record<string, never>, FacilitatorSupported> {
  constructor(@inject(X402Networks) private readonly networks: X402Networks) {}

  async execute(_input: Record<string, never>, _ctx: RequestContext): Promise<FacilitatorSupported> {
    const kinds = this.networks.list().flatMap((one) => [
      { x402Version: 2, scheme: 'exact', network: one.network },
      ...(one.v1Name ? [{ x402Version: 1, scheme: 'exact', network: one.v1Name }] : []),
    ]);
    return { kinds, extensions: [], signers: {} };
  }
}
