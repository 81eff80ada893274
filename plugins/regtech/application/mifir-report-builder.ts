import { inject, injectable } from 'inversify';
import { AssetCatalog, formatMinor, ValidationError, type TransactionFacts, type ValidationIssue } from '../../../kernel/public.js';
import { RegtechConfig } from '../config.js';
import { tradingDateTime, validateRts22, type Rts22Fields } from '../domain/mifir/rts22.js';
import type { MifirReportInput } from '../mifir-schemas.js';

/**
 * Builds the RTS 22 fields of a new report (NEWT) from a completed
 * core-banking transaction (docs/regtech.md#from-a-transaction-to-rts-22):
 * this bank's LEI as executing and submitting entity, the client's code from
 * the request for its side, the bank's LEI for the other side of a deposit
 * or withdrawal, the asset's configured ISIN, the amount as quantity, no
 * price (NOAP: a deposit or transfer has none), off venue (XOFF). Then the
 * RTS 22 format rules; any failure is a 422 naming the field.
 */
@injectable()
export class MifirReportBuilder {
  constructor(
    @inject(RegtechConfig) private readonly config: RegtechConfig,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
  ) {}

  build(transaction: TransactionFacts, input: MifirReportInput): Rts22Fields {
    const lei = this.config.reporting_entity_lei;
    if (lei === null) {
      throw new ValidationError([{ detail: 'Set pluginConfig.regtech.reporting_entity_lei (the LEI of this bank) to report transactions.', code: 'reporting_not_configured' }]);
    }
    if (transaction.status !== 'completed') throw ValidationError.field('/transaction_id', `a ${transaction.status} transaction has not been executed: only completed ones are reported`, 'transaction_not_executed');
    const asset = this.assets.find(transaction.assetCode);
    const instrument = this.config.instruments[transaction.assetCode];
    if (!asset || !instrument) {
      const why = asset?.type === 'crypto' ? ' Crypto-assets fall under MiCA (Regulation (EU) 2023/1114), not MiFIR transaction reporting, unless they are financial instruments.' : '';
      throw ValidationError.field('/transaction_id', `${transaction.assetCode} is not a financial instrument the service can report (no ISIN in pluginConfig.regtech.instruments).${why}`, 'not_a_financial_instrument');
    }
    const client = (side: 'buyer_id' | 'seller_id', field: number): string => {
      const code = input[side];
      if (code === undefined) throw ValidationError.field(`/${side}`, `RTS 22 field ${field}: the client's LEI or national client identifier is needed for a ${transaction.type} (the service holds no client identifiers)`, 'party_code_required');
      return code.toUpperCase();
    };
    const sides =
      transaction.type === 'deposit'
        ? { buyer: client('buyer_id', 7), seller: lei, capacity: 'DEAL' as const }
        : transaction.type === 'withdrawal'
          ? { buyer: lei, seller: client('seller_id', 16), capacity: 'DEAL' as const }
          : { buyer: client('buyer_id', 7), seller: client('seller_id', 16), capacity: 'AOTC' as const };
    const fields: Rts22Fields = {
      report_status: 'NEWT',
      transaction_reference_number: transaction.id.replace(/-/g, '').toUpperCase(),
      executing_entity_id: lei,
      investment_firm_covered: true,
      submitting_entity_id: lei,
      buyer_id: sides.buyer,
      seller_id: sides.seller,
      trading_date_time: tradingDateTime(transaction.completedAt ?? transaction.createdAt),
      trading_capacity: sides.capacity,
      quantity: formatMinor(transaction.amount < 0n ? -transaction.amount : transaction.amount, asset.precision),
      quantity_currency: asset.type === 'fiat' ? asset.code : null,
      price: 'NOAP',
      price_currency: null,
      venue: 'XOFF',
      instrument_id: instrument.isin,
      instrument_full_name: instrument.full_name ?? asset.name,
      instrument_classification: instrument.cfi ?? null,
    };
    const problems = validateRts22(fields);
    if (problems.length > 0) {
      const issues: ValidationIssue[] = problems.map((problem) => ({
        pointer: problem.name === 'buyer_id' || problem.name === 'seller_id' ? `/${problem.name}` : '/transaction_id',
        detail: `RTS 22 field ${problem.field} (${problem.name}): ${problem.detail}`,
        code: 'rts22_invalid',
      }));
      throw new ValidationError(issues);
    }
    return fields;
  }
}
