import type { ColumnType, GeneratedAlways } from 'kysely';

/**
 * Row types of the kernel's own tables, for typed queries. BIGINT comes back
 * as a decimal string (the pool/PGlite parsers are set so, to keep it exact),
 * JSONB as parsed JSON, timestamptz as Date.
 */
export interface KernelTables {
  events: EventsTable;
  idempotency_keys: IdempotencyKeysTable;
  workflows: WorkflowsTable;
}

export interface EventsTable {
  position: GeneratedAlways<string>;
  id: string;
  type: string;
  version: number;
  team_id: string;
  aggregate_type: string;
  aggregate_id: string;
  /** Written as JSON text, read back parsed. */
  payload: ColumnType<Record<string, unknown>, string, never>;
  occurred_at: Date;
}

export interface IdempotencyKeysTable {
  team_id: string;
  /** The API key whose request saved the record; the key is (team_id, key) since 0007. */
  api_key_id: string;
  key: string;
  request_hash: string;
  status: number;
  /** Null when the response carried a secret (never stored). */
  body: string | null;
  created_at: Date;
}

export interface WorkflowsTable {
  id: string;
  team_id: string;
  definition: string;
  status: string;
  step_index: number;
  state: ColumnType<Record<string, unknown>, string, string>;
  attempts: number;
  error: string | null;
  emit_events: boolean;
  next_run_at: Date;
  deadline_at: Date | null;
  created_at: Date;
  updated_at: Date;
}
