import { inject, injectable } from 'inversify';
import { Clock, Ids, ValidationError, type SanctionsMatch, type SanctionsScreening, type ScreeningParty, type ScreeningRequest, type ScreeningResult, type Tx } from '../../../kernel/public.js';
import { checkPartyDate } from '../domain/date-of-birth.js';
import { RegtechConfig } from '../config.js';
import { ScreeningRepository, SanctionsListRepository, type ScreeningRecord } from '../ports.js';
import { ScreeningIndexCache } from './screening-index-cache.js';
import { screeningView } from './views.js';

/**
 * The SanctionsScreening port: the party's name against every loaded list,
 * narrowed by its date of birth, country and type, recorded in the caller's
 * unit of work with the versions of the lists it used.
 */
@injectable()
export class SanctionsScreener implements SanctionsScreening {
  constructor(
    @inject(SanctionsListRepository) private readonly lists: SanctionsListRepository,
    @inject(ScreeningRepository) private readonly screenings: ScreeningRepository,
    @inject(ScreeningIndexCache) private readonly cache: ScreeningIndexCache,
    @inject(RegtechConfig) private readonly config: RegtechConfig,
    @inject(Clock) private readonly clock: Clock,
    @inject(Ids) private readonly ids: Ids,
  ) {}

  async screen(tx: Tx, request: ScreeningRequest): Promise<ScreeningResult> {
    const party = checkParty(request.party);
    const versions = await this.lists.versions(tx);
    const index = await this.cache.index(tx, versions);
    const found = index.search(party.name, { dateOfBirth: party.date_of_birth, country: party.country, type: party.type }, this.config.match_threshold, this.config.max_matches);
    const matches: SanctionsMatch[] = found.map((match) => ({
      source: match.source,
      entry_id: match.entry.entryId,
      entry_name: match.entry.names[0]!,
      name_matched: match.nameMatched,
      score: match.score,
      reasons: match.reasons,
    }));
    const record: ScreeningRecord = {
      id: this.ids.uuid(),
      teamId: request.teamId,
      party,
      purpose: request.purpose ?? null,
      matches,
      listVersions: versions,
      threshold: this.config.match_threshold,
      screenedAt: this.clock.now(),
    };
    await this.screenings.insert(tx, record);
    return screeningView(record);
  }
}

/** The party as recorded: name trimmed, country in capitals; a bad date or country is a 422 under /party. */
function checkParty(party: ScreeningParty): ScreeningParty {
  const name = party.name.trim();
  if (name === '' || name.length > 300) throw ValidationError.field('/party/name', 'must be 1 to 300 characters');
  if (party.country !== undefined && !/^[A-Za-z]{2}$/.test(party.country)) throw ValidationError.field('/party/country', 'must be an ISO 3166 alpha-2 code');
  if (party.type !== undefined && party.type !== 'individual' && party.type !== 'entity') throw ValidationError.field('/party/type', 'must be individual or entity');
  return {
    name,
    ...(party.date_of_birth !== undefined ? { date_of_birth: checkPartyDate(party.date_of_birth, '/party/date_of_birth') } : {}),
    ...(party.country !== undefined ? { country: party.country.toUpperCase() } : {}),
    ...(party.type !== undefined ? { type: party.type } : {}),
  };
}
