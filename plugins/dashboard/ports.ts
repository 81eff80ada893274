import { token, type EventCount, type Tx } from '../../kernel/public.js';

/** The all-time counts per type and the consumer cursor up to which they count every event, read together. */
export interface TallySnapshot {
  /** By type. */
  readonly counts: readonly EventCount[];
  /** START_CURSOR before the first batch. */
  readonly through: string;
}

/** A batch's events of one team and type. */
export interface TeamEventCount extends EventCount {
  readonly teamId: string;
}

/**
 * The dashboard's private repository: the event tally its consumer group
 * keeps, per type for the whole service and per team and type for the
 * team views (tables dashboard_event_tally and dashboard_event_team_tally on
 * SQL). Works inside the transaction it is given, so a batch's counts
 * commit with the checkpoint.
 */
export interface EventTallyRepository {
  /** Adds `counts` to both tallies; with `through`, the tallies now reach every event up to that consumer cursor. */
  add(tx: Tx, counts: readonly TeamEventCount[], through?: string): Promise<void>;
  /** The service's counts, or only team `teamId`'s, with the cursor they reach. */
  read(tx: Tx, teamId?: string): Promise<TallySnapshot>;
}
export const EventTallyRepository = token<EventTallyRepository>('dashboard.event-tally-repository');
