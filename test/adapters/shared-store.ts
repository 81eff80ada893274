import { suite } from 'uvu';
import type { StoreBundle } from '../../adapters/store.js';
import type { OpenStore } from '../contracts/harness.js';

/**
 * Opens one store for the whole test file (PGlite takes seconds to start)
 * and hands every suite the same one; the suites' `close()` is ignored and
 * the store really closes in a last suite, so the process can exit. Suites
 * stay independent: each test starts with truncateAll.
 */
export function sharedStore(open: OpenStore): { open: OpenStore; closeAfterAll(): void } {
  let opened: Promise<StoreBundle> | undefined;
  return {
    open: async () => {
      opened ??= open();
      const store = await opened;
      return { ...store, close: async () => {} };
    },
    closeAfterAll() {
      const last = suite('close the shared store');
      last('closes', async () => {
        await (await opened)?.close();
      });
      last.run();
    },
  };
}
