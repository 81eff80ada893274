import { inject, injectable, optional } from 'inversify';
import {
  Clock,
  Ids,
  SdkGenerator,
  ValidationError,
  type SdkLanguage,
  type SdkRequest,
  type Tx,
  type ValidationIssue,
} from '../../../kernel/public.js';
import { PartnerConfig } from '../config.js';
import type { PartnerRecord } from '../domain/partner.js';
import { packageNameOf, type SdkPackageRecord } from '../domain/sdk-package.js';
import { SdkGenerated } from '../events.js';
import { PartnerRepository, SdkPackageRepository } from '../ports.js';
import { sdkLanguageIssues } from './module-names.js';

export interface SdkOrder {
  readonly languages: readonly string[];
  /** Pointer of the languages in the caller's body (`/language`, `/languages`, `/sdk_languages`). */
  readonly languagesPointer: string;
  /** The body holds one language at languagesPointer rather than a list. */
  readonly singleLanguage?: boolean;
  /** The modules asked for; the partner's own when empty. */
  readonly modules: readonly string[];
  readonly modulesPointer: string;
  readonly displayName: string;
  readonly color?: string;
  readonly options: SdkRequest['options'];
}

/**
 * Generates a partner's SDKs through the SdkGenerator port (outside any
 * transaction: it is CPU work) and stores them with sdk.generated in the
 * caller's unit of work. Packages are named and branded for the partner and
 * cover only modules the partner has.
 */
@injectable()
export class SdkPackages {
  constructor(
    @inject(SdkPackageRepository) private readonly packages: SdkPackageRepository,
    @inject(PartnerRepository) private readonly partners: PartnerRepository,
    @inject(PartnerConfig) private readonly config: PartnerConfig,
    @inject(Ids) private readonly ids: Ids,
    @inject(Clock) private readonly clock: Clock,
    @inject(SdkGenerator) @optional() private readonly generator: SdkGenerator | undefined,
  ) {}

  /** Checks the order against the partner (422 with pointers) before anything is generated. */
  check(partner: Pick<PartnerRecord, 'modules'>, order: SdkOrder): { languages: SdkLanguage[]; modules: string[] } {
    const issues: ValidationIssue[] = sdkLanguageIssues(order.languages, (index) => (order.singleLanguage ? order.languagesPointer : `${order.languagesPointer}/${index}`));
    const languages = [...new Set(order.languages)] as SdkLanguage[];
    issues.push(...order.modules.flatMap((name, index) =>
      partner.modules.includes(name) ? [] : [{ pointer: `${order.modulesPointer}/${index}`, detail: `'${name}' is not one of this partner's modules (${partner.modules.join(', ')})`, code: 'module_not_enabled' }],
    ));
    if (order.color !== undefined && !/^#[0-9a-fA-F]{6}$/.test(order.color)) issues.push({ pointer: '/branding/color', detail: 'color must be #rrggbb', code: 'invalid_color' });
    if (issues.length > 0) throw new ValidationError(issues);
    if (languages.length > 0 && !this.generator) {
      throw ValidationError.field(order.languagesPointer, 'SDK generation is not available in this service', 'sdk_generation_unavailable');
    }
    return { languages, modules: order.modules.length > 0 ? [...new Set(order.modules)] : [...partner.modules] };
  }

  /** The archives, generated before the unit of work that stores them. */
  async generate(partner: Pick<PartnerRecord, 'id' | 'teamId' | 'modules' | 'organizationName'>, order: SdkOrder): Promise<SdkPackageRecord[]> {
    const { languages, modules } = this.check(partner, order);
    const generationId = this.ids.uuid();
    const records: SdkPackageRecord[] = [];
    for (const language of languages) {
      const built = await this.generator!.generate({
        language,
        modules,
        packageName: packageNameOf(order.displayName),
        displayName: order.displayName,
        ...(order.color !== undefined ? { color: order.color.toLowerCase() } : {}),
        options: order.options,
      }).catch((error: unknown) => {
        // The port points at /modules/<i>; the caller's body may call the field otherwise.
        if (error instanceof ValidationError) throw new ValidationError(error.issues.map((issue) => ({ ...issue, pointer: (issue.pointer ?? '').replace(/^\/modules/, order.modulesPointer) })));
        throw error;
      });
      records.push({
        id: this.ids.uuid(),
        partnerId: partner.id,
        teamId: partner.teamId,
        generationId,
        language,
        version: built.version,
        packageName: packageNameOf(order.displayName),
        fileName: built.fileName,
        mediaType: built.mediaType,
        content: built.content,
        installCommand: built.installCommand,
        createdAt: this.clock.now(),
      });
    }
    return records;
  }

  /** Stores the archives, marks the checklist and appends sdk.generated, in the caller's unit of work. */
  async store(tx: Tx, partnerId: string, teamId: string, records: readonly SdkPackageRecord[]): Promise<void> {
    if (records.length === 0) return;
    await this.packages.insert(tx, records.map((one) => ({ ...one, partnerId, teamId })));
    await this.partners.markSdkGenerated(tx, partnerId, this.clock.now());
    await tx.append([
      {
        type: SdkGenerated.name,
        teamId,
        aggregateType: 'partner_sdk',
        aggregateId: records[0]!.generationId,
        payload: { partner_id: partnerId, generation_id: records[0]!.generationId, packages: records.map((one) => this.view(one)) },
      },
    ]);
  }

  downloadUrl(record: SdkPackageRecord): string {
    return `${this.config.public_url.replace(/\/+$/, '')}/api/v2/partner/sdk/packages/${record.id}/download`;
  }

  docsUrl(): string {
    return `${this.config.public_url.replace(/\/+$/, '')}/api/docs`;
  }

  view(record: SdkPackageRecord) {
    return { language: record.language, version: record.version, package_name: record.packageName, download_url: this.downloadUrl(record), install_command: record.installCommand };
  }
}
