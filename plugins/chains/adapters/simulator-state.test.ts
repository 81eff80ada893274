import { onEveryStore } from '../../../kit/testing.js';
import { MemorySimulatorState } from './memory/memory-simulator-state.js';
import { simulatorStateContract } from './simulator-state.contract.js';
import { chainsMigrations } from './sql/migrations.js';
import { SqlSimulatorState } from './sql/sql-simulator-state.js';

onEveryStore('chains', chainsMigrations, (kind, open) =>
  simulatorStateContract(`chains simulator state: ${kind}`, {
    open,
    async reset(store) {
      if (store.family === 'memory') return new MemorySimulatorState();
      await store.truncateAll();
      return new SqlSimulatorState();
    },
  }).run(),
);
