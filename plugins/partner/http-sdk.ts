import { route, type RouteDeclaration } from '../../kernel/public.js';
import { DownloadSdk, downloadSdkInput, GenerateSdk, generateSdkInput, GenerateSdkV1, generateSdkV1Input, generatedSdkView, sdkGenerationView } from './operations-sdk.js';

/** The archives' media types (docs/partner.md#sdks). */
export const SDK_MEDIA_TYPES = ['application/gzip', 'application/zip'];

export function sdkRoutes(tags: string[]): RouteDeclaration[] {
  return [
    route({
      method: 'POST',
      path: '/partner/sdk/generate',
      prefixes: ['v2'],
      access: 'write',
      body: generateSdkInput,
      response: generatedSdkView,
      status: 201,
      operation: GenerateSdk,
      summary: 'Generate a branded SDK',
      description:
        'Generates one package (typescript .tgz, python .tar.gz, php .zip) from the OpenAPI document of the chosen modules, named and branded after branding.name, and stores it for download_url (sdk.generated). 422 language_planned for java and go, module_not_enabled for a module the partner does not have.',
      tags,
    }),
    route({
      method: 'POST',
      path: '/partner/sdk/generate',
      prefixes: ['v1'],
      access: 'write',
      body: generateSdkV1Input,
      response: sdkGenerationView,
      status: 201,
      operation: GenerateSdkV1,
      operationId: 'generatePartnerSdkV1',
      summary: 'Generate SDKs (version 1)',
      description: 'One package per language, named after the partner’s organisation. api_version must be one this service serves (v1, v2): 422 unknown_api_version otherwise. Needs X-Partner-Key.',
      tags,
    }),
    route({
      method: 'GET',
      path: '/partner/sdk/packages/:id/download',
      prefixes: ['v2'],
      access: 'read',
      params: downloadSdkInput,
      produces: SDK_MEDIA_TYPES,
      operation: DownloadSdk,
      summary: 'Download a generated SDK',
      description: 'The archive itself (not the JSON envelope), as an attachment named file_name; install_command installs it from that file. 404 for another partner’s package.',
      tags,
    }),
  ];
}
