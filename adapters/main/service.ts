import { bootKernel, type Kernel } from '../../kernel/boot/kernel.js';
import type { PluginManifest } from '../../kernel/contract/plugin.js';
import type { Token } from '../../kernel/contract/token.js';
import type { KernelConfig } from '../../config/schema.js';
import { alwaysEnabledPlugins, builtinPlugins } from '../../plugins/index.js';
import type { Logger } from '../../ports/logger.js';
import { openStore } from '../open-store.js';
import type { StoreBundle } from '../store.js';
import { bindInfrastructure } from './infrastructure.js';

export interface ServiceOptions {
  readonly config: KernelConfig;
  readonly logger: Logger;
  readonly plugins?: readonly PluginManifest[];
  readonly overrides?: ReadonlyArray<readonly [Token<unknown>, unknown]>;
  /** Use an already opened store (tests share one per file). */
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
  const store =
    options.store ??
    (await openStore({
      kind: config.store,
      dataDir: config.dataDir,
      databaseUrl: config.databaseUrl,
      poolSize: config.postgres.poolSize,
    }));
  try {
    if (!options.store) await store.init();
    const kernel = await bootKernel({
      config,
      builtins: builtinPlugins,
      alwaysEnabled: alwaysEnabledPlugins,
      storeFamily: store.family,
      infrastructure: (bind) => bindInfrastructure(bind, config, store, options.logger),
      plugins: options.plugins,
      overrides: options.overrides,
    });
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
