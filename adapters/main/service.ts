import { bootKernel, type Kernel } from '../../kernel/boot/kernel.js';
import type { PluginManifest } from '../../kernel/contract/plugin.js';
import type { Token } from '../../kernel/contract/token.js';
import type { Env } from '../../config/env-settings.js';
import type { KernelConfig } from '../../config/schema.js';
import { alwaysEnabledPlugins, builtinPlugins } from '../../plugins/index.js';
import { Clock } from '../../ports/clock.js';
import { Ids } from '../../ports/ids.js';
import { SdkGenerator } from '../../ports/sdk-generator.js';
import type { Logger } from '../../ports/logger.js';
import { openStore } from '../open-store.js';
import type { StoreBundle } from '../store.js';
import { CryptoIds } from '../system/crypto-ids.js';
import { SystemClock } from '../system/system-clock.js';
import { bindInfrastructure } from './infrastructure.js';
import { serviceSdkGenerator } from './sdk-deps.js';

export interface ServiceOptions {
  readonly config: KernelConfig;
  readonly logger: Logger;
  readonly plugins?: readonly PluginManifest[];
  /** Where plugins' BANK_PLUGIN_CONFIG__* variables are read (default: none). */
  readonly env?: Env;
  /** Not Clock or Ids: those go in `clock` and `ids`, so the store stamps events with the same ones. */
  readonly overrides?: ReadonlyArray<readonly [Token<unknown>, unknown]>;
  /** Time for the kernel, the plugins and the store's event stamps (default: system time). */
  readonly clock?: Clock;
  /** Ids for the kernel, the plugins and the store's event ids (default: random UUIDs). */
  readonly ids?: Ids;
  /** Use an already opened store (tests share one per file); it must have been opened with the same clock and ids. */
  readonly store?: StoreBundle;
}

export interface Service {
  readonly kernel: Kernel;
  readonly store: StoreBundle;
  close(): Promise<void>;
}

/** Opens the configured store and boots the kernel on it (no driving adapter yet). */
export async function openService(options: ServiceOptions): Promise<Service> {
  const { config } = options;
  if (options.overrides?.some(([port]) => port === Clock || port === Ids)) {
    throw new Error('pass the Clock and Ids as `clock` and `ids`, not as overrides: the store must stamp events with the same ones');
  }
  // One clock and one id source: subscriptions' created_at and events' occurred_at are compared (webhook fan-out).
  const clock = options.clock ?? new SystemClock();
  const ids = options.ids ?? new CryptoIds();
  const store =
    options.store ??
    (await openStore({
      kind: config.store,
      dataDir: config.dataDir,
      databaseUrl: config.databaseUrl,
      poolSize: config.postgres.poolSize,
      clock,
      ids,
      logger: options.logger,
    }));
  // The SDK generator reads the booted kernel's routes; it is bound (with the infrastructure) before they exist.
  let booted: Kernel | undefined;
  const bootedKernel = (): Kernel => {
    if (!booted) throw new Error('the kernel has not booted yet');
    return booted;
  };
  try {
    if (!options.store) await store.init();
    const kernel = await bootKernel({
      config,
      builtins: builtinPlugins,
      alwaysEnabled: alwaysEnabledPlugins,
      storeFamily: store.family,
      infrastructure: (bind) => {
        bindInfrastructure(bind, { config, store, logger: options.logger, clock, ids });
        bind(SdkGenerator).toConstantValue(serviceSdkGenerator(bootedKernel));
      },
      plugins: options.plugins,
      env: options.env,
      overrides: options.overrides,
    });
    booted = kernel;
    if (store.maintenance) kernel.scheduler.every(store.maintenance);
    return {
      kernel,
      store,
      async close() {
        await kernel.stop();
        if (!options.store) await store.close();
      },
    };
  } catch (error) {
    if (!options.store) await store.close();
    throw error;
  }
}
