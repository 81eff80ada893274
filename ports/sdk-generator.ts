import { token } from '../kernel/contract/token.js';

/**
 * Client SDKs generated offline from this service's own OpenAPI document,
 * narrowed to the operations of the chosen modules (docs/sdk.md). Bound by
 * the composition root (adapters/sdk), read by the partner module.
 */
export type SdkLanguage = 'typescript' | 'python' | 'php';

export interface SdkRequest {
  readonly language: SdkLanguage;
  /**
   * Module names as BANK_MODULES spells them (`core-banking`, `webhooks`, …),
   * each enabled in this service; empty means every enabled module. An
   * unknown or disabled one is a ValidationError at `/modules/<index>`
   * (callers whose body names the field differently re-point it).
   */
  readonly modules: readonly string[];
  /** npm name (`@acme/bank-sdk`), Python distribution or Composer name: lower case letters, digits, `-`, `_`, `.`, one optional `scope/`. */
  readonly packageName: string;
  /** The product name shown in the README and the User-Agent. */
  readonly displayName: string;
  /** Brand colour, `#rrggbb`, shown in the README. */
  readonly color?: string;
  readonly options: {
    /** Typed models (TS declarations, Python dataclasses, PHP classes) rather than plain maps. */
    readonly includeTypes: boolean;
    /** README examples and a runnable example file. */
    readonly includeExamples: boolean;
    /** A test suite of the package itself (stdlib only, no network). */
    readonly includeTests: boolean;
  };
}

export interface SdkPackage {
  readonly language: SdkLanguage;
  /** e.g. `acme-bank-sdk-0.1.0.tgz`, `acme_bank_sdk-0.1.0.tar.gz`, `acme-bank-sdk-0.1.0.zip`. */
  readonly fileName: string;
  readonly mediaType: string;
  /** The archive; the same request gives the same bytes. */
  readonly content: Uint8Array;
  /** Installs the package from `fileName` in the current directory. */
  readonly installCommand: string;
  /** The package's version (the service's version). */
  readonly version: string;
}

export interface SdkGenerator {
  languages(): readonly SdkLanguage[];
  generate(request: SdkRequest): Promise<SdkPackage>;
}

export const SdkGenerator = token<SdkGenerator>('kernel.sdk-generator');
