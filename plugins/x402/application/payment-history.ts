import { inject, injectable } from 'inversify';
import { activityAnswer, inActivityFilter, type ActivityHistory, type ActivityHistoryEntry, type ActivityHistoryFilter, type Tx } from '../../../kernel/public.js';
import type { PaymentRecord } from '../domain/records.js';
import { EndpointRepository, PaymentRepository } from '../ports.js';
import { X402Networks } from './x402-networks.js';

const PAGE = 500;
const STATUS: Record<PaymentRecord['status'], ActivityHistoryEntry['status']> = { verified: 'pending', settled: 'completed', failed: 'failed' };

/**
 * The team's x402 payments for questions about its transactions (the
 * ActivityHistory port, read by `ai`): payments received for its endpoints
 * (into the endpoint's account; the payer's address is the counterparty)
 * and payments made with POST /x402/pay (from the paying account's custody
 * address; the resource paid for is the counterparty). Verified is
 * pending until settled on chain. Reads the team's payments newest first,
 * as GET /x402/payments does, up to the filter's start.
 */
@injectable()
export class X402PaymentHistory implements ActivityHistory {
  readonly kind = 'payment' as const;
  readonly module = 'x402';

  constructor(
    @inject(PaymentRepository) private readonly payments: PaymentRepository,
    @inject(EndpointRepository) private readonly endpoints: EndpointRepository,
    @inject(X402Networks) private readonly networks: X402Networks,
  ) {}

  async search(tx: Tx, teamId: string, filter: ActivityHistoryFilter, limit: number): Promise<{ entries: ActivityHistoryEntry[]; truncated: boolean }> {
    const accounts = new Map<string, string | null>();
    const accountOf = async (endpointId: string | null): Promise<string | null> => {
      if (endpointId === null) return null;
      if (!accounts.has(endpointId)) accounts.set(endpointId, (await this.endpoints.find(tx, teamId, endpointId))?.accountId ?? null);
      return accounts.get(endpointId)!;
    };
    const entries: ActivityHistoryEntry[] = [];
    for (let page = 1; ; page += 1) {
      const slice = await this.payments.list(tx, teamId, { page, perPage: PAGE });
      for (const payment of slice.items) {
        const accountId = payment.direction === 'received' ? await accountOf(payment.endpointId) : (payment.made?.accountId ?? null);
        if (inActivityFilter(filter, payment.createdAt, accountId)) entries.push(this.#entry(payment, accountId));
      }
      const oldest = slice.items.at(-1);
      if (!oldest || page * PAGE >= slice.total || (filter.from && oldest.createdAt < filter.from)) break;
    }
    return activityAnswer(entries, limit);
  }

  #entry(payment: PaymentRecord, accountId: string | null): ActivityHistoryEntry {
    const network = this.networks.find(payment.network);
    return {
      id: payment.id,
      kind: 'payment',
      accountId,
      amount: payment.amount,
      precision: this.networks.decimalsOf(payment.network, payment.asset),
      assetCode: payment.asset,
      chain: network?.chain ?? null,
      status: STATUS[payment.status],
      direction: payment.direction === 'received' ? 'received' : 'sent',
      counterparty: payment.direction === 'received' ? payment.payer : payment.resource,
      sourceChain: null,
      destinationChain: null,
      bridgeProtocol: null,
      received: null,
      transferId: null,
      createdAt: payment.createdAt,
    };
  }
}
