import { inject, injectable } from 'inversify';
import { AssetCatalog, type Operation, type RequestContext } from '../../../kernel/public.js';
import { checkDocument } from '../domain/rules.js';
import type { ValidateInput, ValidationView } from '../operations.js';
import { parseXml } from './xml-codec.js';

/**
 * POST /iso20022/validate, validateIso20022: the rules of domain/rules.ts on
 * an uploaded document, with the decimals of the currencies the service
 * knows. Stores nothing; a document that fails is an answer with findings.
 */
@injectable()
export class ValidateDocumentOperation implements Operation<ValidateInput, ValidationView> {
  constructor(@inject(AssetCatalog) private readonly catalog: AssetCatalog) {}

  async execute(input: ValidateInput, _ctx: RequestContext): Promise<ValidationView> {
    const parsed = parseXml(input.document);
    if (!parsed.ok) return { valid: false, message_type: null, findings: [parsed.finding] };
    const { type, findings } = checkDocument(parsed.tree, (code) => this.catalog.find(code)?.precision);
    return { valid: findings.length === 0, message_type: type, findings };
  }
}
