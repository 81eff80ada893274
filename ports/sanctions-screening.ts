import { token } from '../kernel/contract/token.js';
import type { Tx } from './unit-of-work.js';

/**
 * Sanctions screening (provided by regtech, docs/regtech.md): a party's name
 * against every loaded list (OFAC SDN, EU consolidated, UN Security
 * Council), with its aliases, a fuzzy score and narrowing by date of birth,
 * country and type. Every screening is recorded in the caller's unit of
 * work with the list versions it used, so a travel-rule check or a
 * monitoring rule can cite exactly what it screened against.
 */
export interface ScreeningParty {
  readonly name: string;
  /** `YYYY-MM-DD`, `YYYY-MM` or `YYYY`. */
  readonly date_of_birth?: string;
  /** ISO 3166 alpha-2. */
  readonly country?: string;
  readonly type?: 'individual' | 'entity';
}

export interface ScreeningRequest {
  /** The team the screening is recorded for. */
  readonly teamId: string;
  readonly party: ScreeningParty;
  /** What the screening was for, e.g. `travel_rule_check:<id>`; kept with the record. */
  readonly purpose?: string;
}

export type SanctionsListSource = 'ofac_sdn' | 'eu_fsf' | 'un_sc';

export interface SanctionsMatch {
  readonly source: SanctionsListSource;
  /** The list's own id of the entry. */
  readonly entry_id: string;
  /** The entry's primary name. */
  readonly entry_name: string;
  /** The name or alias that matched, as the list spells it. */
  readonly name_matched: string;
  /** 0 to 1, at least the configured threshold. */
  readonly score: number;
  readonly reasons: readonly string[];
}

export interface SanctionsListVersion {
  readonly source: SanctionsListSource;
  /** `sha256:<hex>` of the content loaded. */
  readonly version: string;
  /** The publication date the file carries (EU, UN), else null (OFAC's CSV has none). */
  readonly published_at: string | null;
  readonly loaded_at: string;
  readonly entries: number;
}

export interface ScreeningResult {
  readonly screening_id: string;
  readonly screened_at: string;
  /** The party as screened: name trimmed, country in capitals. */
  readonly party: ScreeningParty;
  readonly purpose: string | null;
  /** True when nothing matched. */
  readonly cleared: boolean;
  /** Best first. */
  readonly matches: readonly SanctionsMatch[];
  /** The list of each source as it stood for this screening (a source never loaded is absent). */
  readonly list_versions: readonly SanctionsListVersion[];
  /** The score a name must reach to match. */
  readonly threshold: number;
}

export interface SanctionsScreening {
  /** Screens the party and records the screening in `tx`. A bad date or country is a 422 naming `/party/...`. */
  screen(tx: Tx, request: ScreeningRequest): Promise<ScreeningResult>;
}
export const SanctionsScreening = token<SanctionsScreening>('regtech.sanctions-screening');
