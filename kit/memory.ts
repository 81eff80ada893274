/**
 * The memory store kit: what a plugin's `adapters/memory/` repositories use.
 * Writes apply at once and register their undo, so a rolled-back unit of
 * work leaves the maps as they were. Part of the plugin API; import it from
 * a plugin's `adapters/` folder only.
 */
export { memoryTx } from '../adapters/memory/memory-tx.js';
export type { MemoryTx } from '../adapters/memory/memory-tx.js';
export { appendUndoable, deleteUndoable, putUndoable } from '../adapters/memory/undoable.js';
