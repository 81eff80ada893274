import { inject, injectable } from 'inversify';
import { AssetCatalog, Clock, formatMinor, groupThousands, PriceFeed, UnitOfWork, ValidationError, type Asset } from '../../../kernel/public.js';
import { matches, sortCandidates, type Candidate } from '../domain/matching.js';
import { interpret } from '../interpreter/interpret.js';
import type { InterpretResult } from '../interpreter/interpretation.js';
import { SUGGESTIONS } from '../interpreter/lexicon.js';
import { normalise } from '../interpreter/text.js';
import type { NlTransactionView } from '../operations.js';
import { CandidateReader } from './candidates.js';
import { Converter } from './converter.js';
import { AiConfig } from '../config.js';

/** A matching transaction with its amount in the answer's currency. */
export interface Valued extends Candidate {
  readonly value: bigint;
}

export interface Evaluation {
  readonly reading: InterpretResult;
  /** Every match, in the interpretation's order (not limited). */
  readonly matched: Valued[];
  readonly truncated: boolean;
  readonly limitations: string[];
  readonly converter: Converter;
}

export interface AskOptions {
  readonly accountId: string | undefined;
  readonly accountPointer: string;
  readonly includeRisk: boolean;
  /** Currency of the figures; else the query's, else the configured default. */
  readonly currency: string | undefined;
  readonly currencyPointer: string;
}

/**
 * Reads a question and runs it on the team's transactions: interpretation
 * (422 with suggestions when nothing was understood), the candidates from
 * core banking's history, the remaining filters, every match valued in one
 * currency through the price feed, and the interpretation's order.
 */
@injectable()
export class QueryEngine {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
    @inject(PriceFeed) private readonly prices: PriceFeed,
    @inject(CandidateReader) private readonly reader: CandidateReader,
    @inject(AiConfig) private readonly config: AiConfig,
  ) {}

  /** The cache key part that says "the same question": normalised words, account and options. */
  key(query: string, options: AskOptions): string {
    return JSON.stringify([normalise(query), options.accountId ?? null, options.includeRisk, options.currency ?? null]);
  }

  async evaluate(teamId: string, teamQuery: string, options: AskOptions): Promise<Evaluation> {
    const explicit = options.currency === undefined ? undefined : this.assets.require(options.currency, options.currencyPointer);
    return this.uow.readOnly(async (tx) => {
      const accountNames = await this.reader.accountNames(tx, teamId, options.accountId, options.accountPointer);
      const reading = interpret(teamQuery, { now: this.clock.now(), assetCodes: new Set(this.assets.list().map((asset) => asset.code)), accountNames });
      if (!reading.understood) {
        throw new ValidationError([
          {
            pointer: '/query',
            code: 'not_understood',
            detail: `Nothing in the query was understood (${reading.not_understood.slice(0, 5).join(', ') || 'no words'}). Try for example: ${SUGGESTIONS.map((s) => `"${s}"`).join(', ')}.`,
          },
        ]);
      }
      const q = reading.interpreted_query;
      const target: Asset = explicit ?? (q.currency ? this.assets.find(q.currency) : undefined) ?? this.assets.require(this.config.default_currency, '/options/currency');
      const converter = new Converter(this.prices, target);
      const read = await this.reader.read(tx, teamId, options.accountId, q);
      const valued: Valued[] = [];
      for (const candidate of read.candidates) {
        if (!matches(candidate, q)) continue;
        valued.push({ ...candidate, value: await converter.convert(candidate.amount, candidate.assetCode, candidate.precision) });
      }
      return { reading, matched: sortCandidates(valued, q), truncated: read.truncated, limitations: read.limitations, converter };
    });
  }
}

/**
 * A transaction as the answers show it: amount in its own asset, a swap's
 * other side, a cross-chain transfer's chains and protocol; monitoring's
 * signals only when asked for (`include_risk_scores`).
 */
export function transactionView(candidate: Candidate, includeRisk = true): NlTransactionView {
  return {
    uuid: candidate.id,
    account_uuid: candidate.accountId,
    type: candidate.type,
    amount: formatMinor(candidate.amount, candidate.precision),
    currency: candidate.assetCode,
    chain: candidate.chain,
    status: candidate.status,
    direction: candidate.direction,
    counterparty: candidate.counterpartyName,
    received_amount: candidate.received ? formatMinor(candidate.received.amount, candidate.received.precision) : null,
    received_currency: candidate.received?.assetCode ?? null,
    source_chain: candidate.sourceChain,
    destination_chain: candidate.destinationChain,
    bridge_protocol: candidate.bridgeProtocol,
    risk_score: includeRisk ? candidate.riskScore : null,
    compliance_flags: includeRisk ? [...candidate.complianceFlags] : [],
    created_at: candidate.createdAt.toISOString(),
  };
}

/** A figure in the answer's currency, with thousands separators for the sentence. */
export function spoken(minor: bigint, asset: Asset): string {
  return groupThousands(formatMinor(minor, asset.precision));
}
