import { formatMinor, type NewEvent } from '../../../kernel/public.js';
import { bpsToPercent, type AllocationRecord } from '../domain/allocation.js';
import type { RebalanceRecord } from '../domain/rebalance.js';
import type { AllocationView, RebalanceView } from '../operations.js';

/** The API's view of an allocation: percentages with two decimals, ISO 8601 times. */
export function allocationView(allocation: AllocationRecord): AllocationView {
  return {
    token: allocation.token,
    targets: allocation.targets.map((target) => ({ chain: target.chain, percent: bpsToPercent(target.bps) })),
    created_at: allocation.createdAt.toISOString(),
    updated_at: allocation.updatedAt.toISOString(),
  };
}

/** The API's view of a rebalance: amounts as decimal strings at the token's decimals. */
export function rebalanceView(rebalance: RebalanceRecord, decimals: number): RebalanceView {
  const money = (amount: bigint) => formatMinor(amount, decimals);
  return {
    id: rebalance.id,
    token: rebalance.token,
    account_id: rebalance.accountId,
    status: rebalance.status,
    dry_run: rebalance.dryRun,
    tolerance_bps: rebalance.toleranceBps,
    within_tolerance_before: rebalance.withinToleranceBefore,
    within_tolerance_after: rebalance.withinToleranceAfter,
    total: money(rebalance.total),
    fee_total: money(rebalance.feeTotal),
    chains: rebalance.chains.map((chain) => ({
      chain: chain.chain,
      target_percent: bpsToPercent(chain.bps),
      before: money(chain.before),
      target: money(chain.target),
      expected: money(chain.expected),
      after: chain.after === null ? null : money(chain.after),
    })),
    transfers: rebalance.moves.map((move) => ({
      source_chain: move.sourceChain,
      destination_chain: move.destinationChain,
      protocol: move.protocol,
      amount: money(move.amount),
      fee_amount: money(move.feeAmount),
      receive_amount: money(move.receiveAmount),
      bridge_tx_id: move.transferId,
      status: move.status,
    })),
    failure_reason: rebalance.failureReason,
    created_at: rebalance.createdAt.toISOString(),
    updated_at: rebalance.updatedAt.toISOString(),
  };
}

export type RebalanceEventType = 'treasury.rebalance.planned' | 'treasury.rebalance.completed' | 'treasury.rebalance.failed';

/** A rebalance event for its team, the payload the rebalance as GET answers it. */
export function rebalanceEvent(type: RebalanceEventType, rebalance: RebalanceRecord, decimals: number): NewEvent {
  return { type, teamId: rebalance.teamId, aggregateType: 'treasury_rebalance', aggregateId: rebalance.id, payload: rebalanceView(rebalance, decimals) };
}
