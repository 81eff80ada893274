import { inject, injectable } from 'inversify';
import { FileAnswer, NotFoundError, UnitOfWork, ValidationError, type Operation, type RequestContext } from '../../../kernel/public.js';
import { SERVED_API_VERSIONS } from '../domain/sdk-package.js';
import type { DownloadSdkInput, GeneratedSdkView, GenerateSdkInput, GenerateSdkV1Input, SdkGenerationView } from '../operations-sdk.js';
import { PartnerRepository, SdkPackageRepository } from '../ports.js';
import { ownPartner } from './own-partner.js';
import { SdkPackages } from './sdk-packages.js';

/** POST /v2/partner/sdk/generate: one package in one language, named and branded after branding.name. */
@injectable()
export class GenerateSdkOperation implements Operation<GenerateSdkInput, GeneratedSdkView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(PartnerRepository) private readonly partners: PartnerRepository,
    @inject(SdkPackages) private readonly sdks: SdkPackages,
  ) {}

  async execute(input: GenerateSdkInput, ctx: RequestContext): Promise<GeneratedSdkView> {
    const { partner } = await this.uow.run((tx) => ownPartner(this.partners, tx, ctx.actor.teamId));
    const [record] = await this.sdks.generate(partner, {
      languages: [input.language],
      languagesPointer: '/language',
      singleLanguage: true,
      modules: input.modules,
      modulesPointer: '/modules',
      displayName: input.branding.name,
      ...(input.branding.color !== undefined ? { color: input.branding.color } : {}),
      options: { includeTypes: true, includeExamples: true, includeTests: false },
    });
    await this.uow.run((tx) => this.sdks.store(tx, partner.id, partner.teamId, [record!]));
    return { id: record!.id, generation_id: record!.generationId, ...this.sdks.view(record!), file_name: record!.fileName, docs_url: this.sdks.docsUrl(), created_at: record!.createdAt.toISOString() };
  }
}

/** POST /v1/partner/sdk/generate: packages in several languages for an API version this service serves. */
@injectable()
export class GenerateSdkV1Operation implements Operation<GenerateSdkV1Input, SdkGenerationView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(PartnerRepository) private readonly partners: PartnerRepository,
    @inject(SdkPackages) private readonly sdks: SdkPackages,
  ) {}

  async execute(input: GenerateSdkV1Input, ctx: RequestContext): Promise<SdkGenerationView> {
    if (!SERVED_API_VERSIONS.includes(input.api_version)) {
      throw ValidationError.field('/api_version', `'${input.api_version}' is not a version this service serves (${SERVED_API_VERSIONS.join(', ')})`, 'unknown_api_version');
    }
    const { partner } = await this.uow.run((tx) => ownPartner(this.partners, tx, ctx.actor.teamId));
    const records = await this.sdks.generate(partner, {
      languages: input.languages,
      languagesPointer: '/languages',
      modules: input.include_modules,
      modulesPointer: '/include_modules',
      displayName: partner.organizationName,
      options: { includeTypes: input.options.include_types, includeExamples: input.options.include_examples, includeTests: input.options.include_tests },
    });
    await this.uow.run((tx) => this.sdks.store(tx, partner.id, partner.teamId, records));
    return { generation_id: records[0]!.generationId, status: 'completed', packages: records.map((one) => this.sdks.view(one)) };
  }
}

/** GET /v2/partner/sdk/packages/{id}/download: the archive as generated (another partner's id is 404). */
@injectable()
export class DownloadSdkOperation implements Operation<DownloadSdkInput, FileAnswer> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(PartnerRepository) private readonly partners: PartnerRepository,
    @inject(SdkPackageRepository) private readonly packages: SdkPackageRepository,
  ) {}

  async execute(input: DownloadSdkInput, ctx: RequestContext): Promise<FileAnswer> {
    return this.uow.run(async (tx) => {
      const { partner } = await ownPartner(this.partners, tx, ctx.actor.teamId);
      const record = await this.packages.find(tx, partner.id, input.id);
      if (!record) throw new NotFoundError('SDK package', input.id, { parameter: 'id' });
      return new FileAnswer(record.fileName, record.mediaType, record.content);
    });
  }
}
