import { join } from 'node:path';
import type { Bind } from 'inversify';
import { Registry } from 'prom-client';
import type { KernelConfig } from '../../config/schema.js';
import { Clock } from '../../ports/clock.js';
import { ConsumerStore } from '../../ports/event-consumers.js';
import { EventStore } from '../../ports/event-store.js';
import { IdempotencyStore } from '../../ports/idempotency-store.js';
import { Ids } from '../../ports/ids.js';
import { Logger } from '../../ports/logger.js';
import { Meter } from '../../ports/meter.js';
import { Migrator } from '../../ports/migrator.js';
import { PriceFeed } from '../../ports/price-feed.js';
import { Random } from '../../ports/random.js';
import { SecretStore } from '../../ports/secret-store.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import { WorkflowStore } from '../../ports/workflow-store.js';
import { MetricsRegistry, PromMeter } from '../metrics/prom-meter.js';
import type { StoreBundle } from '../store.js';
import { CryptoRandom } from '../system/crypto-random.js';
import { FileSecretStore, MemorySecretStore } from '../system/file-secret-store.js';
import { SimulatedPriceFeed } from '../price-sim/simulated-price-feed.js';
import { StaticPriceFeed } from '../system/static-price-feed.js';

export interface Infrastructure {
  readonly config: KernelConfig;
  readonly store: StoreBundle;
  readonly logger: Logger;
  /** The same instances the store stamps events with. */
  readonly clock: Clock;
  readonly ids: Ids;
}

/** Binds the driven adapters the kernel and plugins reach through ports. */
export function bindInfrastructure(bind: Bind, { config, store, logger, clock, ids }: Infrastructure): void {
  bind(UnitOfWork).toConstantValue(store.unitOfWork);
  bind(EventStore).toConstantValue(store.eventStore);
  bind(ConsumerStore).toConstantValue(store.consumers);
  bind(IdempotencyStore).toConstantValue(store.idempotency);
  bind(WorkflowStore).toConstantValue(store.workflows);
  bind(Migrator).toConstantValue(store.migrator);
  bind(Logger).toConstantValue(logger);
  bind(Clock).toConstantValue(clock);
  bind(Ids).toConstantValue(ids);
  bind(Random).toConstantValue(new CryptoRandom());
  bind(SecretStore).toConstantValue(secretStore(config));
  const metrics = new Registry();
  bind(MetricsRegistry).toConstantValue(metrics);
  bind(Meter).toConstantValue(new PromMeter(metrics));
  bind(PriceFeed).toResolvedValue(
    (clock: Clock) =>
      config.prices.source === 'simulated'
        ? new SimulatedPriceFeed({ seed: config.prices.seed, epoch: new Date(config.prices.epoch), basePrices: config.usdPrices, assets: config.assets }, clock)
        : new StaticPriceFeed(config.usdPrices, clock),
    [Clock],
  );
}

/** Where key material lives: the configured directory, else one per store kind in the data directory, like the operator key files. */
function secretStore(config: KernelConfig): SecretStore {
  if (config.secretsDir) return new FileSecretStore(config.secretsDir);
  if (config.store === 'memory' || config.dataDir.startsWith('memory://')) return new MemorySecretStore();
  return new FileSecretStore(join(config.dataDir, config.store === 'postgres' ? 'secrets-postgres' : 'secrets'));
}
