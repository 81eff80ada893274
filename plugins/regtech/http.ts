import { route, type RouteDeclaration, type RouteTag } from '../../kernel/public.js';
import {
  GetScreening,
  ListSanctionsLists,
  LoadSanctionsList,
  LoadSanctionsListInput,
  SanctionsListsView,
  SanctionsListView,
  ScreenParty,
  ScreeningIdParams,
  ScreeningPartyInput,
  ScreeningView,
} from './operations.js';

const tags = ['RegTech'];

export const regtechRouteTags: readonly RouteTag[] = [
  {
    name: 'RegTech',
    description:
      'Sanctions screening against the OFAC SDN, EU consolidated and UN Security Council lists: normalised names and aliases, a Jaro–Winkler score with a documented threshold, narrowing by date of birth, country and type; every screening recorded with the list versions it used (docs/regtech.md).',
  },
];

export const regtechRoutes: readonly RouteDeclaration[] = [
  route({
    method: 'POST',
    path: '/admin/regtech/sanctions-lists',
    prefixes: ['v2'],
    access: 'operator',
    body: LoadSanctionsListInput,
    response: SanctionsListView,
    operation: LoadSanctionsList,
    summary: "Load a sanctions list: replace a source's list with a file's",
    description:
      "Parses the file in the source's published layout (OFAC SDN: the three CSV files as {sdn, alt, add}; EU FSF and UN SC: the XML text) and replaces that source's list in one unit of work, recording its version (sha256 of the content), the publication date the file carries and the entry count. 422 with a pointer and the line for a format that is not the source's, content of the wrong shape or a file that does not follow the layout; the old list then stays. The body is limited by `http.bodyLimitBytes` (100,000 bytes by default): load the real files with the CLI (`regtech load-list`).",
    tags,
  }),
  route({
    method: 'GET',
    path: '/admin/regtech/sanctions-lists',
    prefixes: ['v2'],
    access: 'operator',
    response: SanctionsListsView,
    operation: ListSanctionsLists,
    summary: 'The loaded sanctions lists: version, entries, age',
    description: 'One row per loaded source, with its version, publication date, entry count, when it was loaded and how long ago.',
    tags,
  }),
  route({
    method: 'POST',
    path: '/regtech/sanctions/screen',
    prefixes: ['v2'],
    access: 'write',
    body: ScreeningPartyInput,
    response: ScreeningView,
    status: 201,
    operation: ScreenParty,
    summary: 'Screen a party against the sanctions lists',
    description:
      'Matches the name (and aliases on the lists) after normalisation (case, diacritics, punctuation, word order) with a Jaro–Winkler score; entries at or above `match_threshold` (0.92 by default) are matches, narrowed by date of birth (a differing one excludes), country (a differing one lowers the score by 0.05) and type. The screening is recorded for the team with the list versions used; `cleared` is true when nothing matched. 422 with a pointer for a bad date, country or type.',
    tags,
  }),
  route({
    method: 'GET',
    path: '/regtech/sanctions/screenings/:id',
    prefixes: ['v2'],
    access: 'read',
    params: ScreeningIdParams,
    response: ScreeningView,
    operation: GetScreening,
    summary: 'A screening of the team, as recorded',
    description: "The screening's party, matches and the list versions it used. Another team's screening is a 404.",
    tags,
  }),
];
