import type { PageRequest } from '../../kernel/contract/page.js';

/** Two teams, so every contract can show that one never sees the other's rows. */
export const TEAM_A = 'team-a';
export const TEAM_B = 'team-b';

/** Record times are fixed instants, `seconds` after T0: no test reads the clock. */
export const T0 = new Date('2026-01-01T00:00:00.000Z');
export const at = (seconds: number): Date => new Date(T0.getTime() + seconds * 1000);

export const page = (number: number, perPage: number): PageRequest => ({ page: number, perPage });
/** One page that holds every row a contract writes. */
export const ALL = page(1, 100);

export const ids = (rows: readonly { readonly id: string }[]): string[] => rows.map((row) => row.id);
