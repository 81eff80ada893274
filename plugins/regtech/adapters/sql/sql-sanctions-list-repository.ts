import { injectable } from 'inversify';
import { sql } from 'kysely';
import type { Tx } from '../../../../kernel/public.js';
import { sqlTx, toDate, unnestRows, type Column } from '../../../../kit/sql.js';
import type { DigitalCurrencyAddress, EntryType, ListVersion, SanctionsEntry, SanctionsSource } from '../../domain/sanctions-list.js';
import type { SanctionsListRepository } from '../../ports.js';

interface ListRow {
  readonly source: SanctionsSource;
  readonly version: string;
  readonly published_at: string | null;
  readonly loaded_at: unknown;
  readonly entries: number;
}

interface EntryRow {
  readonly entry_id: string;
  readonly entry_type: EntryType;
  readonly names: string[];
  readonly dates_of_birth: string[];
  readonly countries: string[];
  readonly programs: string[];
  readonly addresses: DigitalCurrencyAddress[];
}

const COLUMNS: readonly Column[] = [
  ['position', 'integer'],
  ['entry_id', 'text'],
  ['entry_type', 'text'],
  ['names', 'text'],
  ['dates_of_birth', 'text'],
  ['countries', 'text'],
  ['programs', 'text'],
  ['addresses', 'text'],
];
/** Rows per insert: one statement of array parameters each, whatever the list's size. */
const CHUNK = 5_000;

/**
 * Lists in regtech_sanctions_lists and regtech_sanctions_entries. A
 * replacement deletes the source's entries and inserts the new ones in
 * the caller's transaction, so a reader sees the old list or the new one.
 */
@injectable()
export class SqlSanctionsListRepository implements SanctionsListRepository {
  async replace(tx: Tx, version: ListVersion, entries: readonly SanctionsEntry[]): Promise<void> {
    const db = sqlTx(tx).db;
    await sql`
      insert into regtech_sanctions_lists (source, version, published_at, loaded_at, entries)
      values (${version.source}, ${version.version}, ${version.publishedAt}, ${version.loadedAt}, ${version.entries})
      on conflict (source) do update set version = excluded.version, published_at = excluded.published_at, loaded_at = excluded.loaded_at, entries = excluded.entries`.execute(db);
    // After the upsert: its row lock queues a concurrent replacement of the same source behind this one.
    await sql`delete from regtech_sanctions_entries where source = ${version.source}`.execute(db);
    for (let start = 0; start < entries.length; start += CHUNK) {
      const rows = entries.slice(start, start + CHUNK).map((entry, index) => [
        start + index,
        entry.entryId,
        entry.type,
        JSON.stringify(entry.names),
        JSON.stringify(entry.datesOfBirth),
        JSON.stringify(entry.countries),
        JSON.stringify(entry.programs),
        JSON.stringify(entry.addresses ?? []),
      ]);
      await sql`
        insert into regtech_sanctions_entries (source, position, entry_id, entry_type, names, dates_of_birth, countries, programs, addresses)
        select ${version.source}, v.position, v.entry_id, v.entry_type, v.names::jsonb, v.dates_of_birth::jsonb, v.countries::jsonb, v.programs::jsonb, v.addresses::jsonb
        from ${unnestRows('v', COLUMNS, rows)}`.execute(db);
    }
  }

  async versions(tx: Tx): Promise<ListVersion[]> {
    const { rows } = await sql<ListRow>`select source, version, published_at, loaded_at, entries from regtech_sanctions_lists order by source`.execute(sqlTx(tx).db);
    return rows.map((row) => ({ source: row.source, version: row.version, publishedAt: row.published_at, loadedAt: toDate(row.loaded_at), entries: Number(row.entries) }));
  }

  async entries(tx: Tx, source: SanctionsSource): Promise<SanctionsEntry[]> {
    const { rows } = await sql<EntryRow>`
      select entry_id, entry_type, names, dates_of_birth, countries, programs, addresses
      from regtech_sanctions_entries where source = ${source} order by position`.execute(sqlTx(tx).db);
    return rows.map((row) => ({
      entryId: row.entry_id,
      type: row.entry_type,
      names: row.names,
      datesOfBirth: row.dates_of_birth,
      countries: row.countries,
      programs: row.programs,
      ...(row.addresses.length > 0 ? { addresses: row.addresses } : {}),
    }));
  }
}
