import { z } from 'zod';
import { timestamp, token, type FileAnswer, type Operation } from '../../kernel/public.js';

/** SDK generation for partners over the SdkGenerator port (docs/partner.md#sdks). */
const languageField = z.string().min(1).max(32).describe('typescript, python or php; java and go are planned (422 language_planned).');
const moduleList = z.array(z.string().min(1).max(64)).max(50);

export const generateSdkInput = z
  .object({
    language: languageField,
    branding: z
      .object({
        name: z.string().trim().min(1).max(100).describe('The product name in the README and User-Agent; the package is named after it (`Acme Pay` → acme-pay-sdk).'),
        color: z.string().max(16).optional().describe('Brand colour, #rrggbb.'),
      })
      .strict(),
    modules: moduleList.default([]).describe('Modules of the partner to cover; all of its modules when empty.'),
  })
  .strict()
  .meta({ id: 'PartnerSdkGenerateInput', example: { language: 'typescript', branding: { name: 'Acme Pay', color: '#1a73e8' }, modules: ['core-banking'] } });
export type GenerateSdkInput = z.infer<typeof generateSdkInput>;

export const generateSdkV1Input = z
  .object({
    languages: z.array(languageField).min(1).max(5),
    api_version: z.string().min(1).max(16).describe('A version this service serves: v1 or v2.'),
    include_modules: moduleList.default([]).describe('Modules of the partner to cover; all of its modules when empty.'),
    options: z
      .object({ include_types: z.boolean().default(true), include_examples: z.boolean().default(true), include_tests: z.boolean().default(false) })
      .strict()
      .default({ include_types: true, include_examples: true, include_tests: false }),
  })
  .strict()
  .meta({
    id: 'PartnerSdkGenerateV1Input',
    example: { languages: ['typescript', 'python'], api_version: 'v2', include_modules: ['core-banking'], options: { include_types: true, include_examples: true, include_tests: true } },
  });
export type GenerateSdkV1Input = z.infer<typeof generateSdkV1Input>;

const packageFields = {
  language: z.enum(['typescript', 'python', 'php']),
  version: z.string(),
  package_name: z.string(),
  download_url: z.string().describe('GET with the bearer key and X-Partner-Key; saves as file_name.'),
  install_command: z.string().describe('Installs the package from the downloaded file in the current directory.'),
};
const PACKAGE_EXAMPLE = {
  language: 'typescript',
  version: '0.1.0',
  package_name: 'acme-pay-sdk',
  download_url: 'https://bank.example/api/v2/partner/sdk/packages/0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f/download',
  install_command: 'npm install ./acme-pay-sdk-0.1.0.tgz',
} as const;

export const sdkPackageV1View = z.object(packageFields).strict().meta({ id: 'PartnerSdkPackageV1' });

export const sdkGenerationView = z
  .object({ generation_id: z.uuid(), status: z.enum(['completed']), packages: z.array(sdkPackageV1View) })
  .strict()
  .meta({ id: 'PartnerSdkGeneration', example: { generation_id: '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b', status: 'completed', packages: [PACKAGE_EXAMPLE] } });
export type SdkGenerationView = z.infer<typeof sdkGenerationView>;

export const generatedSdkView = z
  .object({
    id: z.uuid(),
    generation_id: z.uuid(),
    ...packageFields,
    file_name: z.string(),
    docs_url: z.string(),
    created_at: timestamp,
  })
  .strict()
  .meta({
    id: 'PartnerGeneratedSdk',
    example: {
      id: '0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
      generation_id: '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b',
      ...PACKAGE_EXAMPLE,
      file_name: 'acme-pay-sdk-0.1.0.tgz',
      docs_url: 'https://bank.example/api/docs',
      created_at: '2026-11-25T10:15:00.000Z',
    },
  });
export type GeneratedSdkView = z.infer<typeof generatedSdkView>;

export const downloadSdkInput = z.object({ id: z.string().min(1).max(64) });
export type DownloadSdkInput = z.infer<typeof downloadSdkInput>;

export const GenerateSdk = token<Operation<GenerateSdkInput, GeneratedSdkView>>('partner.generate-sdk');
export const GenerateSdkV1 = token<Operation<GenerateSdkV1Input, SdkGenerationView>>('partner.generate-sdk-v1');
export const DownloadSdk = token<Operation<DownloadSdkInput, FileAnswer>>('partner.download-sdk');
