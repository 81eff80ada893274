import type { Bind } from 'inversify';
import type { ZodType } from 'zod';
import type { CommandDeclaration } from './command.js';
import type { EventType } from './event.js';
import type { GraphqlContribution } from './graphql.js';
import type { Operation, RouteDeclaration, RouteTag } from './route.js';
import type { Token } from './token.js';
import type { WorkflowDefinition } from './workflow.js';

/** The plugin-API version this kernel implements (manifests give a semver range). */
export const KERNEL_API_VERSION = '2.6.0';

export type StoreFamily = 'memory' | 'sql';

/** A class the container builds (every constructor parameter with an explicit @inject). */
export type Newable<T> = new (...args: any[]) => T;

/** An operation token, the class that implements it (bound by the kernel) and, optionally, the zod schema of its input. */
export type OperationBinding = readonly [Token<Operation<any, any>>, Newable<Operation<any, any>>, ZodType?];

/**
 * Pairs an operation token with its implementation, checking that both speak
 * the same input and output. GraphQL resolvers' inputs are validated with the
 * operation's REST route; an operation without one that a GraphQL field runs
 * must give `input`, which parses resolvers' inputs on the one entry path
 * (the kernel refuses to boot otherwise, kernel/boot/verify-graphql-inputs.ts).
 */
export function operation<I, O>(port: Token<Operation<I, O>>, implementation: Newable<Operation<I, O>>, input?: ZodType<I, any>): OperationBinding {
  return input ? [port, implementation, input] : [port, implementation];
}

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

export interface PluginContext<Config = unknown> {
  readonly name: string;
  readonly config: Config;
  readonly store: StoreFamily;
  readonly logger: Logger;
}

/** What start/stop hooks may use: resolve a bound port, or a service class the plugin bound to itself. */
export interface RuntimeContext {
  readonly logger: Logger;
  get<T>(port: Token<T> | Newable<T>): T;
}

/**
 * A migration receives the store's query builder (a Kysely instance) for the
 * plugin's own use; typed loosely here so the kernel stays framework-free.
 */
export interface SqlMigration {
  up(db: any): Promise<void>;
  down?(db: any): Promise<void>;
}

export interface PluginManifest<Config = any> {
  readonly kind: 'bank.plugin';
  readonly name: string;
  readonly version: string;
  /** Semver range of KERNEL_API_VERSION the plugin supports. */
  readonly kernel: string;
  readonly description: string;
  readonly dependsOn: readonly string[];
  /** Ports this plugin binds for others; checked after loading. */
  readonly provides: readonly Token<unknown>[];
  /**
   * Multi-bound ports this plugin adds one binding to (API 2.3): several
   * plugins may each bind such a token; a reader injects them all with
   * `@multiInject(token) @optional()` (an empty list when none is enabled).
   */
  readonly contributes?: readonly Token<unknown>[];
  /** Ports this plugin needs from the kernel, adapters or its dependencies. */
  readonly requires: readonly Token<unknown>[];
  readonly config?: ZodType<Config>;
  /** Bind services and anything else the plugin needs (singleton scope by default). */
  register?(bind: Bind, ctx: PluginContext<Config>): void;
  /** The plugin's operations (REST routes, GraphQL resolvers and CLI commands name their tokens); bound after register(). */
  readonly operations?: readonly OperationBinding[];
  /** Bind the plugin's repositories for the chosen store family. */
  readonly persistence?: Readonly<Record<StoreFamily, (bind: Bind, ctx: PluginContext<Config>) => void>>;
  /** 'NNNN-name' → migration; each plugin has its own migration table. */
  readonly migrations?: Readonly<Record<string, SqlMigration>>;
  readonly routes?: readonly RouteDeclaration[];
  /** The tags this plugin's routes introduce, described once for the OpenAPI document. */
  readonly routeTags?: readonly RouteTag[];
  readonly commands?: readonly CommandDeclaration[];
  /** GraphQL domains (type-graphql resolvers) this plugin adds to the composed schema. */
  readonly graphql?: readonly GraphqlContribution[];
  readonly events?: readonly EventType<any>[];
  /** Tokens of bound WorkflowDefinitions, registered with the runner. */
  readonly workflows?: readonly Token<WorkflowDefinition>[];
  start?(rt: RuntimeContext): Promise<void>;
  stop?(rt: RuntimeContext): Promise<void>;
}

export function definePlugin<Config>(manifest: Omit<PluginManifest<Config>, 'kind'>): PluginManifest<Config> {
  return { kind: 'bank.plugin', ...manifest };
}
