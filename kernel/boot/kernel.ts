import { Container, ContainerModule, type Bind } from 'inversify';
import type { ZodType } from 'zod';
import type { Env } from '../../config/env-settings.js';
import type { KernelConfig } from '../../config/schema.js';
import { AssetCatalog } from '../../ports/asset-catalog.js';
import { Clock } from '../../ports/clock.js';
import { IdempotencyStore } from '../../ports/idempotency-store.js';
import { Progress, silentProgress } from '../../ports/progress.js';
import { EnabledModules } from '../../ports/enabled-modules.js';
import { Ids } from '../../ports/ids.js';
import { Logger } from '../../ports/logger.js';
import { Migrator } from '../../ports/migrator.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import { WorkflowEngine } from '../../ports/workflow-engine.js';
import { WorkflowStore } from '../../ports/workflow-store.js';
import { ConfiguredAssetCatalog } from '../assets/asset-catalog.js';
import type { CommandDeclaration } from '../contract/command.js';
import type { GraphqlContribution } from '../contract/graphql.js';
import type { Newable, PluginManifest, RuntimeContext, StoreFamily } from '../contract/plugin.js';
import type { RouteDeclaration } from '../contract/route.js';
import type { Token } from '../contract/token.js';
import { ConsumerBackbone } from '../events/consumer-backbone.js';
import { EventRegistry } from '../events/event-registry.js';
import { EventTail } from '../events/event-tail.js';
import { IdempotencyPruner } from '../housekeeping/idempotency-pruner.js';
import { ConsumerStore, EventBackbone } from '../../ports/event-consumers.js';
import { EventRegistry as EventRegistryPort } from '../../ports/event-registry.js';
import { EventStore } from '../../ports/event-store.js';
import { EventStream } from '../../ports/event-stream.js';
import { Scheduler } from '../../ports/scheduler.js';
import { KernelScheduler } from '../scheduling/scheduler.js';
import { WorkflowRunner } from '../workflows/workflow-runner.js';
import { workflowEvents } from '../workflows/workflow-events.js';
import { BootError } from './boot-error.js';
import { orderPlugins } from './order-plugins.js';
import { resolvePluginConfigs } from './plugin-config.js';
import { pluginModule } from './plugin-module.js';
import { selectPlugins, type BuiltinCatalogue } from './select-plugins.js';
import { verifyBindings } from './verify-bindings.js';
import { verifyGraphqlInputs } from './verify-graphql-inputs.js';

export interface BootOptions {
  readonly config: KernelConfig;
  readonly builtins: BuiltinCatalogue;
  readonly alwaysEnabled: readonly string[];
  readonly storeFamily: StoreFamily;
  /** Binds the driven adapters: store ports, clock, ids, random, logger, price feed. */
  readonly infrastructure: (bind: Bind) => void;
  /** Extra manifests (tests, embedding). */
  readonly plugins?: readonly PluginManifest[];
  /** Where plugins' BANK_PLUGIN_CONFIG__* variables are read (the process environment when serving; none in tests). */
  readonly env?: Env;
  /** Replace bindings after loading (tests: manual clock, recording clients). */
  readonly overrides?: ReadonlyArray<readonly [Token<unknown>, unknown]>;
}

export interface LoadedPlugin {
  readonly manifest: PluginManifest;
  readonly config: unknown;
}

export interface Kernel {
  readonly config: KernelConfig;
  readonly plugins: readonly LoadedPlugin[];
  readonly routes: readonly { plugin: string; route: RouteDeclaration }[];
  readonly commands: readonly { plugin: string; command: CommandDeclaration }[];
  /** GraphQL domains of the enabled plugins, in load order. */
  readonly graphql: readonly { plugin: string; contribution: GraphqlContribution }[];
  /** The input schemas operations declared (operation(token, Class, input)): GraphQL validates with them where an operation has no REST route. */
  readonly operationInputs: ReadonlyMap<Token<unknown>, ZodType>;
  readonly events: EventRegistry;
  readonly workflows: WorkflowRunner;
  /** Periodic and due-time work; started with background work, driven by runOnce() without it (tests, the CLI). */
  readonly scheduler: KernelScheduler;
  get<T>(port: Token<T>): T;
  /** Plugin start hooks in order; with `background`, then the Scheduler (the consumer and workflow loops, housekeeping, plugins' tasks). */
  start(options?: { background?: boolean }): Promise<void>;
  /** The Scheduler first (its passes in flight end), then plugins in reverse order, then the container. */
  stop(): Promise<void>;
}

/** Failures of one event in one consumer group before it is parked. */
const CONSUMER_MAX_ATTEMPTS = 5;
/** Backoff before retrying a failed event: 1 s, 2 s, 4 s, 8 s (Clock port time), so it is parked after about 15 s. */
const CONSUMER_RETRY_BASE_MS = 1_000;
const CONSUMER_RETRY_MAX_MS = 60_000;
/** How often a serving process deletes idempotency records past their retention. */
const IDEMPOTENCY_PRUNE_INTERVAL_MS = 3_600_000;

/** catalogue → validate → order → config → container → verify → migrate → registries. */
export async function bootKernel(options: BootOptions): Promise<Kernel> {
  const manifests = orderPlugins(
    await selectPlugins({
      builtins: options.builtins,
      modules: options.config.modules,
      alwaysEnabled: options.alwaysEnabled,
      packages: options.config.plugins,
      manifests: options.plugins ?? [],
    }),
  );
  const configs = resolvePluginConfigs(manifests, options.config.pluginConfig, options.env);
  const container = new Container({ defaultScope: 'Singleton' });
  const kernelBound = new Set<unknown>();
  const events = new EventRegistry();
  events.register('kernel', workflowEvents);
  // A store shared by several kernels (tests) must stop waking a kernel that stopped.
  let stopWaking: (() => void) | undefined;

  container.load(
    new ContainerModule((module) => {
      const audited: Bind = (identifier) => {
        kernelBound.add(identifier);
        return module.bind(identifier);
      };
      options.infrastructure(audited);
      audited(Scheduler).toResolvedValue((clock: Clock, logger: Logger) => new KernelScheduler({ clock, logger }), [Clock, Logger]);
      audited(EventStream).toResolvedValue(
        (store: EventStore, logger: Logger) => new EventTail(store, logger, options.config.workflows.pollIntervalMs),
        [EventStore, Logger],
      );
      audited(EventBackbone).toResolvedValue(
        (store: ConsumerStore, clock: Clock, logger: Logger, scheduler: Scheduler, stream: EventStream) =>
          new ConsumerBackbone({
            store,
            onRemoteCommit: () => (stream as EventTail).poke(),
            clock,
            logger,
            scheduler,
            pollIntervalMs: options.config.workflows.pollIntervalMs,
            batchSize: options.config.workflows.batchSize,
            maxAttempts: CONSUMER_MAX_ATTEMPTS,
            retryBaseMs: CONSUMER_RETRY_BASE_MS,
            retryMaxMs: CONSUMER_RETRY_MAX_MS,
          }),
        [ConsumerStore, Clock, Logger, Scheduler, EventStream],
      );
      // Committed events reach this kernel's live stream and consumers at once (other processes' through the stream's poll).
      module.onActivation(UnitOfWork, (context, unitOfWork: UnitOfWork) => {
        const stream = context.get<EventStream>(EventStream) as EventTail;
        const backbone = context.get<EventBackbone>(EventBackbone);
        stopWaking = unitOfWork.onEventsCommitted(() => {
          stream.poke();
          backbone.wake();
        });
        return unitOfWork;
      });
      audited(AssetCatalog).toConstantValue(new ConfiguredAssetCatalog(options.config.assets));
      audited(Progress).toConstantValue(silentProgress);
      const moduleNames = Object.freeze(manifests.map((manifest) => manifest.name));
      audited(EnabledModules).toConstantValue({ names: () => moduleNames });
      audited(EventRegistryPort).toConstantValue(events);
      audited(WorkflowEngine).toResolvedValue(
        (store: WorkflowStore, unitOfWork: UnitOfWork, clock: Clock, ids: Ids, logger: Logger, scheduler: Scheduler) =>
          new WorkflowRunner({ store, unitOfWork, clock, ids, logger, scheduler, ...options.config.workflows }),
        [WorkflowStore, UnitOfWork, Clock, Ids, Logger, Scheduler],
      );
    }),
  );
  const overrides = options.overrides ?? [];
  const override = (pass: (port: Token<unknown>) => boolean): void => {
    for (const [port, value] of overrides) if (pass(port)) container.rebind(port).toConstantValue(value);
  };
  override((port) => kernelBound.has(port));
  const logger = container.get<Logger>(Logger);
  const bindings = manifests.map((manifest) => {
    const recorded = { bound: new Set<unknown>(), injects: new Map<unknown, string>() };
    const context = { name: manifest.name, config: configs.get(manifest.name), store: options.storeFamily, logger };
    container.load(pluginModule(manifest, context, recorded));
    return { manifest, ...recorded };
  });
  verifyBindings(bindings, kernelBound);
  override((port) => !kernelBound.has(port));

  if (options.storeFamily === 'sql') {
    const migrator = container.get<Migrator>(Migrator);
    // Only migrations that run are steps: an up-to-date store draws nothing.
    const progress = container.get<Progress>(Progress).begin('migrations', 0);
    try {
      for (const manifest of manifests) {
        if (manifest.migrations) await migrator.migrate(manifest.name, manifest.migrations, (name) => progress.step(`${manifest.name} ${name}`));
      }
    } finally {
      progress.end();
    }
  }

  const runner = container.get<WorkflowEngine>(WorkflowEngine) as WorkflowRunner;
  const routes: { plugin: string; route: RouteDeclaration }[] = [];
  const commands: { plugin: string; command: CommandDeclaration }[] = [];
  const graphql: { plugin: string; contribution: GraphqlContribution }[] = [];
  const operationInputs = new Map<Token<unknown>, ZodType>();
  const routeKeys = new Set<string>();
  for (const manifest of manifests) {
    events.register(manifest.name, manifest.events ?? []);
    for (const route of manifest.routes ?? []) {
      for (const prefix of route.prefixes) {
        const key = `${route.method} ${prefix} ${route.path}`;
        if (routeKeys.has(key)) throw new BootError(`Route ${key} of plugin '${manifest.name}' is declared twice.`);
        routeKeys.add(key);
      }
      routes.push({ plugin: manifest.name, route });
    }
    for (const command of manifest.commands ?? []) commands.push({ plugin: manifest.name, command });
    for (const contribution of manifest.graphql ?? []) graphql.push({ plugin: manifest.name, contribution });
    for (const [port, , input] of manifest.operations ?? []) if (input) operationInputs.set(port, input);
    for (const workflow of manifest.workflows ?? []) runner.register(container.get(workflow));
  }
  await verifyGraphqlInputs(graphql, routes, operationInputs);

  const get = <T>(port: Token<T>): T => container.get<T>(port);
  const runtime: RuntimeContext = { logger, get: <T>(port: Token<T> | Newable<T>): T => container.get<T>(port) };
  const scheduler = get(Scheduler) as KernelScheduler;
  scheduler.every(
    new IdempotencyPruner({
      store: get(IdempotencyStore),
      clock: get(Clock),
      retentionMs: options.config.http.idempotencyRetentionHours * 3_600_000,
      intervalMs: IDEMPOTENCY_PRUNE_INTERVAL_MS,
    }),
  );
  const started: PluginManifest[] = [];
  return {
    config: options.config,
    plugins: manifests.map((manifest) => ({ manifest, config: configs.get(manifest.name) })),
    routes,
    commands,
    graphql,
    operationInputs,
    events,
    workflows: runner,
    scheduler,
    get,
    async start(startOptions = {}) {
      const backbone = container.get<EventBackbone>(EventBackbone) as ConsumerBackbone;
      if (startOptions.background) await backbone.startBackground();
      for (const manifest of manifests) {
        await manifest.start?.(runtime);
        started.push(manifest);
      }
      if (startOptions.background) {
        await (container.get<EventStream>(EventStream) as EventTail).follow();
        scheduler.start();
      }
    },
    async stop() {
      await scheduler.stop();
      await (container.get<EventStream>(EventStream) as EventTail).unfollow();
      await (container.get<EventBackbone>(EventBackbone) as ConsumerBackbone).stopBackground();
      for (const manifest of started.reverse()) {
        try {
          await manifest.stop?.(runtime);
        } catch (error) {
          logger.error('plugin stop failed', { plugin: manifest.name, error });
        }
      }
      started.length = 0;
      stopWaking?.();
      await container.unbindAll();
    },
  };
}
