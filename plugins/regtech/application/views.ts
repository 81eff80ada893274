import type { ListVersion } from '../domain/sanctions-list.js';
import type { SanctionsListView, ScreeningView } from '../operations.js';
import type { ScreeningRecord } from '../ports.js';

export function listVersionView(version: ListVersion) {
  return { source: version.source, version: version.version, published_at: version.publishedAt, loaded_at: version.loadedAt.toISOString(), entries: version.entries };
}

export function sanctionsListView(version: ListVersion, now: Date): SanctionsListView {
  return { ...listVersionView(version), age_seconds: Math.max(0, Math.floor((now.getTime() - version.loadedAt.getTime()) / 1000)) };
}

export function screeningView(record: ScreeningRecord): ScreeningView {
  const matches = record.matches;
  return {
    screening_id: record.id,
    screened_at: record.screenedAt.toISOString(),
    party: record.party,
    purpose: record.purpose,
    cleared: matches.length === 0,
    matches: matches.map((m) => ({ ...m, reasons: [...m.reasons] })),
    list_versions: record.listVersions.map(listVersionView),
    threshold: record.threshold,
  };
}
