import { inject, injectable } from 'inversify';
import { AssetCatalog, formatMinor, type Tx } from '../../../kernel/public.js';
import { nextMonthStart } from '../domain/calendar.js';
import { toDecimal } from '../domain/fraction.js';
import { GOVERNANCE_PARAMETERS, type ProposalRecord } from '../domain/proposal.js';
import { fixingValue, quantitiesFor, unitValueUsd } from '../domain/quantities.js';
import { outcomeOf, type Tally } from '../domain/tally.js';
import { formatWeight, weightsToJson } from '../domain/weights.js';
import { GcuRepository, type BasketRecord } from '../ports.js';
import { ProposalViews } from './proposal-views.js';
import { Valuation } from './valuation.js';

/**
 * Closes proposals whose voting ended and rebalances the basket. Closing
 * freezes the outcome (votes are refused after the end, so the tally is final)
 * and applies a passed parameter change at once. The rebalancing applies the
 * winning composition: among composition proposals that passed and closed
 * since the previous rebalancing, the one with the most power for (ties: the
 * earliest created); with none, the current target weights are re-applied,
 * which undoes a month of price drift. Quantities are reset at the moment's
 * prices so the unit's value is continuous (to the 8 decimals of
 * fixingValue).
 */
@injectable()
export class Rebalancer {
  constructor(
    @inject(GcuRepository) private readonly repo: GcuRepository,
    @inject(ProposalViews) private readonly views: ProposalViews,
    @inject(Valuation) private readonly valuation: Valuation,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
  ) {}

  async closeDue(tx: Tx, basket: BasketRecord, now: Date): Promise<BasketRecord> {
    let current = basket;
    const precision = this.assets.find(basket.code)?.precision ?? 4;
    for (const proposal of await this.repo.listProposals(tx, basket.code)) {
      if (proposal.closedAt || proposal.endsAt > now) continue;
      const t = await this.views.tallyOf(tx, proposal);
      const outcome = outcomeOf(t, proposal.quorumPpm, proposal.approvalPpm);
      let closed: ProposalRecord = { ...proposal, closedAt: now, outcome };
      await tx.append([
        {
          type: 'governance.proposal_closed',
          teamId: '',
          aggregateType: 'proposal',
          aggregateId: proposal.id,
          payload: { ...basePayload(proposal), outcome, tally: tallyPayload(t, precision) },
        },
      ]);
      if (outcome === 'passed' && proposal.kind === 'parameter' && proposal.parameter && GOVERNANCE_PARAMETERS.includes(proposal.parameter.name)) {
        const field = proposal.parameter.name === 'quorum' ? 'quorumPpm' : 'approvalPpm';
        const previous = current[field];
        current = { ...current, [field]: proposal.parameter.value, updatedAt: now };
        await this.repo.saveBasket(tx, current);
        closed = { ...closed, appliedAt: now };
        await tx.append([
          {
            type: 'governance.parameter_changed',
            teamId: '',
            aggregateType: 'proposal',
            aggregateId: proposal.id,
            payload: { proposal_id: proposal.id, parameter: proposal.parameter.name, previous_value: formatWeight(previous), value: formatWeight(proposal.parameter.value) },
          },
        ]);
      }
      await this.repo.saveProposal(tx, closed);
    }
    return current;
  }

  async rebalance(tx: Tx, basket: BasketRecord, now: Date): Promise<BasketRecord> {
    const since = basket.lastRebalanced ?? new Date(0);
    const candidates: { proposal: ProposalRecord; votesFor: bigint }[] = [];
    for (const proposal of await this.repo.listProposals(tx, basket.code)) {
      if (proposal.kind !== 'composition' || proposal.outcome !== 'passed' || proposal.appliedAt || !proposal.proposedComposition) continue;
      if (proposal.endsAt <= since || proposal.endsAt > now) continue;
      candidates.push({ proposal, votesFor: (await this.views.tallyOf(tx, proposal)).for });
    }
    candidates.sort((a, b) => (a.votesFor === b.votesFor ? a.proposal.createdAt.getTime() - b.proposal.createdAt.getTime() : a.votesFor > b.votesFor ? -1 : 1));
    const winner = candidates[0]?.proposal ?? null;
    const weights = winner?.proposedComposition ?? basket.weights;
    const assets = new Set([...basket.quantities.keys(), ...weights.keys()]);
    const prices = await this.valuation.currentPrices(assets);
    const value = fixingValue(unitValueUsd(basket.quantities, prices));
    const quantities = quantitiesFor(weights, value, prices);
    const next: BasketRecord = {
      ...basket,
      weights,
      quantities,
      version: basket.version + 1,
      lastRebalanced: now,
      nextRebalance: nextMonthStart(now),
      updatedAt: now,
    };
    await this.repo.saveBasket(tx, next);
    await this.repo.insertVersion(tx, {
      code: basket.code,
      version: next.version,
      effectiveAt: now,
      weights,
      quantities,
      unitValueUsd: toDecimal(value, 18),
      proposalId: winner?.id ?? null,
    });
    if (winner) await this.repo.saveProposal(tx, { ...winner, appliedAt: now });
    await tx.append([
      {
        type: 'basket.rebalanced',
        teamId: '',
        aggregateType: 'basket',
        aggregateId: basket.code,
        payload: {
          basket_code: basket.code,
          version: next.version,
          previous_composition: weightsToJson(basket.weights),
          composition: weightsToJson(weights),
          unit_value_usd: toDecimal(value, 18),
          proposal_id: winner?.id ?? null,
          next_rebalance: next.nextRebalance.toISOString(),
        },
      },
    ]);
    return next;
  }
}

function basePayload(p: ProposalRecord) {
  return {
    proposal_id: p.id,
    basket_code: p.basketCode,
    kind: p.kind,
    title: p.title,
    proposed_composition: p.proposedComposition ? weightsToJson(p.proposedComposition) : null,
    voting_starts_at: p.startsAt.toISOString(),
    voting_ends_at: p.endsAt.toISOString(),
  };
}

function tallyPayload(t: Tally, precision: number) {
  return {
    votes_for: formatMinor(t.for, precision),
    votes_against: formatMinor(t.against, precision),
    votes_abstain: formatMinor(t.abstain, precision),
    total_votes_cast: formatMinor(t.cast, precision),
    eligible_supply: formatMinor(t.eligible, precision),
  };
}
