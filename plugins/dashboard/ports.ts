import { token, type EventCount, type Tx } from '../../kernel/public.js';

/** The all-time counts per type and the consumer cursor up to which they count every event, read together. */
export interface TallySnapshot {
  /** By type. */
  readonly counts: readonly EventCount[];
  /** START_CURSOR before the first batch. */
  readonly through: string;
}

/**
 * The dashboard's private repository: the per-type event tally its consumer
 * group keeps (table dashboard_event_tally on SQL). Works inside the
 * transaction it is given, so a batch's counts commit with the checkpoint.
 */
export interface EventTallyRepository {
  /** Adds `counts`; with `through`, the tally now reaches every event up to that consumer cursor. */
  add(tx: Tx, counts: readonly EventCount[], through?: string): Promise<void>;
  read(tx: Tx): Promise<TallySnapshot>;
}
export const EventTallyRepository = token<EventTallyRepository>('dashboard.event-tally-repository');
