import { formatMinor, type Rate } from '../../../../kernel/public.js';
import type { ProposalRecord } from '../../domain/proposal.js';
import { quantitiesFromJson, quantitiesToJson } from '../../domain/quantities.js';
import { sortWeights, weightsFromJson, weightsToJson } from '../../domain/weights.js';
import type { BasketRecord, BasketVersion } from '../../ports.js';

/** jsonb documents: bigints as strings, dates as ISO strings, weights as decimal strings. */
export function rateText(rate: Rate): string {
  return formatMinor(rate.numerator, rate.scale);
}

export function basketToDoc(b: BasketRecord): Record<string, unknown> {
  return {
    code: b.code,
    name: b.name,
    symbol: b.symbol,
    description: b.description,
    weights: weightsToJson(b.weights),
    quantities: quantitiesToJson(b.quantities),
    version: b.version,
    frequency: b.frequency,
    last_rebalanced: b.lastRebalanced?.toISOString() ?? null,
    next_rebalance: b.nextRebalance.toISOString(),
    quorum_ppm: b.quorumPpm.toString(),
    approval_ppm: b.approvalPpm.toString(),
    created_at: b.createdAt.toISOString(),
    updated_at: b.updatedAt.toISOString(),
  };
}

export function basketFromDoc(d: any): BasketRecord {
  return {
    code: d.code,
    name: d.name,
    symbol: d.symbol,
    description: d.description,
    ...ordered(d.weights, d.quantities),
    version: d.version,
    frequency: d.frequency,
    lastRebalanced: d.last_rebalanced ? new Date(d.last_rebalanced) : null,
    nextRebalance: new Date(d.next_rebalance),
    quorumPpm: BigInt(d.quorum_ppm),
    approvalPpm: BigInt(d.approval_ppm),
    createdAt: new Date(d.created_at),
    updatedAt: new Date(d.updated_at),
  };
}

export function versionToDoc(v: BasketVersion): Record<string, unknown> {
  return {
    code: v.code,
    version: v.version,
    effective_at: v.effectiveAt.toISOString(),
    weights: weightsToJson(v.weights),
    quantities: quantitiesToJson(v.quantities),
    unit_value_usd: v.unitValueUsd,
    proposal_id: v.proposalId,
  };
}

export function versionFromDoc(d: any): BasketVersion {
  return {
    code: d.code,
    version: d.version,
    effectiveAt: new Date(d.effective_at),
    ...ordered(d.weights, d.quantities),
    unitValueUsd: d.unit_value_usd,
    proposalId: d.proposal_id,
  };
}

export function proposalToDoc(p: ProposalRecord): Record<string, unknown> {
  return {
    id: p.id,
    basket_code: p.basketCode,
    kind: p.kind,
    title: p.title,
    description: p.description,
    proposed_composition: p.proposedComposition ? weightsToJson(p.proposedComposition) : null,
    parameter: p.parameter ? { name: p.parameter.name, value: p.parameter.value.toString() } : null,
    period: p.period,
    starts_at: p.startsAt.toISOString(),
    ends_at: p.endsAt.toISOString(),
    eligible_supply: p.eligibleSupply?.toString() ?? null,
    quorum_ppm: p.quorumPpm.toString(),
    approval_ppm: p.approvalPpm.toString(),
    created_by: p.createdBy,
    created_at: p.createdAt.toISOString(),
    closed_at: p.closedAt?.toISOString() ?? null,
    outcome: p.outcome,
    applied_at: p.appliedAt?.toISOString() ?? null,
  };
}

export function proposalFromDoc(d: any): ProposalRecord {
  return {
    id: d.id,
    basketCode: d.basket_code,
    kind: d.kind,
    title: d.title,
    description: d.description,
    proposedComposition: d.proposed_composition ? sortWeights(weightsFromJson(d.proposed_composition)) : null,
    parameter: d.parameter ? { name: d.parameter.name, value: BigInt(d.parameter.value) } : null,
    period: d.period,
    startsAt: new Date(d.starts_at),
    endsAt: new Date(d.ends_at),
    eligibleSupply: d.eligible_supply == null ? null : BigInt(d.eligible_supply),
    quorumPpm: BigInt(d.quorum_ppm),
    approvalPpm: BigInt(d.approval_ppm),
    createdBy: d.created_by,
    createdAt: new Date(d.created_at),
    closedAt: d.closed_at ? new Date(d.closed_at) : null,
    outcome: d.outcome,
    appliedAt: d.applied_at ? new Date(d.applied_at) : null,
  };
}

/** jsonb does not keep key order: put components back in weight order (largest first). */
function ordered(weights: Record<string, string>, quantities: Record<string, string>) {
  const w = sortWeights(weightsFromJson(weights));
  const q = quantitiesFromJson(quantities);
  return { weights: w, quantities: new Map([...w.keys(), ...q.keys()].filter((c, i, all) => all.indexOf(c) === i && q.has(c)).map((c) => [c, q.get(c)!])) };
}
