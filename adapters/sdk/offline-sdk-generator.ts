import { ValidationError, type ValidationIssue } from '../../kernel/errors/errors.js';
import type { SdkGenerator, SdkLanguage, SdkPackage, SdkRequest } from '../../ports/sdk-generator.js';
import { apiModelOf, type Schema } from './api-model.js';
import { tarGz, zip } from './archives.js';
import { phpPackageFiles } from './php/php-package.js';
import { pythonPackageFiles } from './python/python-package.js';
import type { GeneratorInput } from './sdk-options.js';
import { typescriptPackageFiles } from './typescript/typescript-package.js';

export interface OfflineSdkGeneratorDeps {
  /** The modules enabled in this service, as BANK_MODULES names them. */
  readonly modules: () => readonly string[];
  /** The service's OpenAPI document narrowed to the operations of these modules (and the adapter's own routes). */
  readonly openApi: (modules: readonly string[]) => Schema;
  /** The package version: the service's. */
  readonly version: string;
  /** openapi-typescript's declarations of an OpenAPI document (the typed client's machinery, scripts/client-codegen). */
  readonly typescriptSchema: (openapiJson: string) => Promise<string>;
}

const PACKAGE_NAME = /^(@[a-z0-9][a-z0-9._-]*\/)?[a-z0-9][a-z0-9._-]{0,100}$/;
const COLOR = /^#[0-9a-fA-F]{6}$/;

/**
 * SDK packages built in-process from the service's own OpenAPI document:
 * TypeScript with openapi-typescript's types and a templated fetch client
 * (.tgz, npm's layout), Python and PHP from templates (.tar.gz sdist,
 * .zip for Composer). No network, no clock: the same request gives the
 * same bytes (docs/sdk.md).
 */
export class OfflineSdkGenerator implements SdkGenerator {
  constructor(private readonly deps: OfflineSdkGeneratorDeps) {}

  languages(): readonly SdkLanguage[] {
    return ['typescript', 'python', 'php'];
  }

  async generate(request: SdkRequest): Promise<SdkPackage> {
    const modules = this.checked(request);
    const document = this.deps.openApi(modules);
    const input: GeneratorInput = { api: apiModelOf(document), document, request, version: this.deps.version, modules };
    switch (request.language) {
      case 'typescript': {
        const { files, fileName } = await typescriptPackageFiles(input, this.deps.typescriptSchema);
        return { language: 'typescript', fileName, mediaType: 'application/gzip', content: await tarGz('package', files), installCommand: `npm install ./${fileName}`, version: input.version };
      }
      case 'python': {
        const { root, files } = pythonPackageFiles(input);
        const fileName = `${root}.tar.gz`;
        return { language: 'python', fileName, mediaType: 'application/gzip', content: await tarGz(root, files), installCommand: `pip install ./${fileName}`, version: input.version };
      }
      case 'php': {
        const { files, fileName, composerName } = phpPackageFiles(input);
        return {
          language: 'php',
          fileName,
          mediaType: 'application/zip',
          content: zip(files),
          // Composer's artifact repository reads the zip from the directory it sits in.
          installCommand: `composer config repositories.${composerName.replace(/\//g, '-')} artifact . && composer require ${composerName}:${input.version}`,
          version: input.version,
        };
      }
    }
  }

  /** The request's modules (all enabled ones when empty), or a 422 naming each bad field; nothing is generated then. */
  private checked(request: SdkRequest): string[] {
    const issues: ValidationIssue[] = [];
    if (!this.languages().includes(request.language)) issues.push({ pointer: '/language', detail: `Unknown SDK language; one of ${this.languages().join(', ')}.` });
    if (!PACKAGE_NAME.test(request.packageName)) {
      issues.push({ pointer: '/package_name', detail: 'A package name is lower-case letters, digits, ".", "_" or "-", optionally under one "@scope/".' });
    }
    if (request.displayName.trim() === '' || request.displayName.length > 100 || /[\p{Cc}\u2028\u2029]/u.test(request.displayName)) {
      issues.push({ pointer: '/display_name', detail: 'A display name is 1 to 100 printable characters.' });
    }
    if (request.color !== undefined && !COLOR.test(request.color)) issues.push({ pointer: '/color', detail: 'A colour is #rrggbb.' });
    const enabled = this.deps.modules();
    request.modules.forEach((module, index) => {
      if (!enabled.includes(module)) issues.push({ pointer: `/modules/${index}`, detail: `Module '${module}' is not enabled here; enabled: ${enabled.join(', ')}.` });
    });
    if (issues.length > 0) throw new ValidationError(issues);
    return request.modules.length > 0 ? [...new Set(request.modules)].sort() : [...enabled].sort();
  }
}
