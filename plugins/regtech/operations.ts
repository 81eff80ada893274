import { z } from 'zod';
import { timestamp, token, type Operation } from '../../kernel/public.js';
import { SANCTIONS_SOURCES } from './domain/sanctions-list.js';

/**
 * The regtech module's operations (sanctions screening) and the zod schema
 * of every input and view: the one source of the TS types and the OpenAPI
 * components.
 */
const source = z.enum(SANCTIONS_SOURCES).describe('ofac_sdn (OFAC SDN, CSV), eu_fsf (EU consolidated financial sanctions list, XML), un_sc (UN Security Council consolidated list, XML)');

export const OfacSdnFiles = z
  .strictObject({
    sdn: z.string().describe('The text of sdn.csv'),
    alt: z.string().describe('The text of alt.csv (aliases); "" for none'),
    add: z.string().describe('The text of add.csv (addresses); "" for none'),
  })
  .meta({ id: 'OfacSdnFiles', description: 'OFAC publishes the SDN list as three CSV files; each goes in its own field, as published.' });

export const LoadSanctionsListInput = z
  .strictObject({
    source,
    format: z.enum(['csv', 'xml']).describe('csv for ofac_sdn, xml for eu_fsf and un_sc'),
    content: z.union([z.string(), OfacSdnFiles]).describe("The file's text (eu_fsf, un_sc), or for ofac_sdn the three CSV files as {sdn, alt, add}"),
  })
  .meta({
    id: 'LoadSanctionsListInput',
    example: { source: 'un_sc', format: 'xml', content: '<?xml version="1.0" encoding="UTF-8"?><CONSOLIDATED_LIST dateGenerated="2026-10-28T09:00:02.118Z"><INDIVIDUALS>…</INDIVIDUALS><ENTITIES>…</ENTITIES></CONSOLIDATED_LIST>' },
  });
export type LoadSanctionsListInput = z.infer<typeof LoadSanctionsListInput>;

/** The CLI's input: a file path instead of the text (for OFAC, sdn.csv or the folder holding the three files). */
export const LoadSanctionsListFileInput = z.strictObject({
  source,
  file: z.string().min(1).describe('Path of the list file; for ofac_sdn the folder holding sdn.csv, alt.csv and add.csv, or sdn.csv with the other two beside it'),
});
export type LoadSanctionsListFileInput = z.infer<typeof LoadSanctionsListFileInput>;

export const SanctionsListView = z
  .strictObject({
    source,
    version: z.string().describe('sha256: and the hex digest of the content loaded'),
    published_at: z.string().nullable().describe('The publication date the file carries (EU generationDate, UN dateGenerated); null for OFAC\'s CSV, which carries none'),
    loaded_at: timestamp,
    entries: z.number().int().describe('Entries in the list (individuals, entities, vessels, aircraft); aliases are part of their entry'),
    age_seconds: z.number().int().describe('Seconds since it was loaded'),
  })
  .meta({
    id: 'SanctionsList',
    example: { source: 'ofac_sdn', version: 'sha256:5f0c6a8e3b1d4c7f9a2e6b8d0c1f3a5e7b9d2c4f6a8e0b1d3c5f7a9e2b4d6c8f', published_at: null, loaded_at: '2026-11-25T04:00:00.000Z', entries: 15123, age_seconds: 3600 },
  });
export type SanctionsListView = z.infer<typeof SanctionsListView>;

export const SanctionsListsView = z.strictObject({ lists: z.array(SanctionsListView).describe('One per loaded source, by source') }).meta({
  id: 'SanctionsLists',
  example: {
    lists: [
      { source: 'eu_fsf', version: 'sha256:0b6e2c4a8d1f3e5b7c9a0d2f4b6e8c1a3d5f7b9e0c2a4d6f8b1e3c5a7d9f0b2e', published_at: '2026-11-24T17:50:34.219+01:00', loaded_at: '2026-11-25T03:00:00.000Z', entries: 5581, age_seconds: 3600 },
      { source: 'ofac_sdn', version: 'sha256:5f0c6a8e3b1d4c7f9a2e6b8d0c1f3a5e7b9d2c4f6a8e0b1d3c5f7a9e2b4d6c8f', published_at: null, loaded_at: '2026-11-25T03:00:00.000Z', entries: 15123, age_seconds: 3600 },
      { source: 'un_sc', version: 'sha256:9d2c4f6a8e0b1d3c5f7a9e2b4d6c8f5f0c6a8e3b1d4c7f9a2e6b8d0c1f3a5e7b', published_at: '2026-11-24T09:00:02.118Z', loaded_at: '2026-11-25T03:00:00.000Z', entries: 1004, age_seconds: 3600 },
    ],
  },
});
export type SanctionsListsView = z.infer<typeof SanctionsListsView>;

export const ScreeningPartyInput = z
  .strictObject({
    name: z.string().trim().min(1).max(300).describe('The party\'s name as the caller has it, in any order, case or script accents'),
    date_of_birth: z.string().optional().describe('YYYY-MM-DD (or YYYY-MM, YYYY): a listed date of birth that differs excludes the entry'),
    country: z.string().regex(/^[A-Za-z]{2}$/, 'must be an ISO 3166 alpha-2 code').optional().describe('ISO 3166 alpha-2 (nationality or address): an entry of other countries scores 0.05 lower'),
    type: z.enum(['individual', 'entity']).optional().describe('Excludes entries of the other type (vessels and aircraft count as entities)'),
    purpose: z.string().max(200).optional().describe('What the screening is for (e.g. an onboarding or payment reference), kept with the record'),
  })
  .meta({ id: 'ScreenPartyInput', example: { name: 'Mohammed Al Zahrani', date_of_birth: '1975-04-02', country: 'YE', type: 'individual' } });
export type ScreeningPartyInput = z.infer<typeof ScreeningPartyInput>;

const match = z.strictObject({
  source,
  entry_id: z.string().describe("The list's own id (OFAC ent_num, EU logicalId, UN DATAID)"),
  entry_name: z.string().describe("The entry's primary name"),
  name_matched: z.string().describe('The name or alias that matched, as the list spells it'),
  score: z.number().describe('0 to 1 (4 decimals), at least the threshold'),
  reasons: z.array(z.string()).describe('How the score came about: the name similarity, an alias, the date of birth and country checks'),
});

export const ScreeningView = z
  .strictObject({
    screening_id: z.uuid(),
    screened_at: timestamp,
    party: z.strictObject({ name: z.string(), date_of_birth: z.string().optional(), country: z.string().optional(), type: z.enum(['individual', 'entity']).optional() }),
    purpose: z.string().nullable(),
    cleared: z.boolean().describe('True when no entry matched'),
    matches: z.array(match).describe('Best first, at most max_matches'),
    list_versions: z
      .array(z.strictObject({ source, version: z.string(), published_at: z.string().nullable(), loaded_at: timestamp, entries: z.number().int() }))
      .describe('The list of each source as it stood for this screening'),
    threshold: z.number().describe('The score a name had to reach'),
  })
  .meta({
    id: 'SanctionsScreening',
    example: {
      screening_id: '2f5b7c1e-4a3d-4e8f-9b0a-6c2d1e3f4a5b',
      screened_at: '2026-11-25T04:10:00.000Z',
      party: { name: 'Mohammed Al Zahrani', country: 'YE', type: 'individual' },
      purpose: null,
      cleared: false,
      matches: [
        {
          source: 'ofac_sdn',
          entry_id: '9002',
          entry_name: 'AL-ZAHRANI, Muhammad Yusuf',
          name_matched: 'AL-ZAHRANI, Muhammad Yusuf',
          score: 0.9833,
          reasons: ['name similarity 0.9833 (Jaro–Winkler)', 'country agrees (YE)'],
        },
      ],
      list_versions: [{ source: 'ofac_sdn', version: 'sha256:5f0c6a8e3b1d4c7f9a2e6b8d0c1f3a5e7b9d2c4f6a8e0b1d3c5f7a9e2b4d6c8f', published_at: null, loaded_at: '2026-11-25T04:00:00.000Z', entries: 7 }],
      threshold: 0.92,
    },
  });
export type ScreeningView = z.infer<typeof ScreeningView>;

export const ScreeningIdParams = z.strictObject({ id: z.uuid().describe('The screening id') });
export type ScreeningIdParams = z.infer<typeof ScreeningIdParams>;

export const LoadSanctionsList = token<Operation<LoadSanctionsListInput, SanctionsListView>>('regtech.load-sanctions-list');
export const LoadSanctionsListFile = token<Operation<LoadSanctionsListFileInput, SanctionsListView>>('regtech.load-sanctions-list-file');
export const ListSanctionsLists = token<Operation<Record<string, never>, SanctionsListsView>>('regtech.list-sanctions-lists');
export const ScreenParty = token<Operation<ScreeningPartyInput, ScreeningView>>('regtech.screen-party');
export const GetScreening = token<Operation<ScreeningIdParams, ScreeningView>>('regtech.get-screening');

export * from './travel-rule-schemas.js';
import type { TravelRuleCheckInput, TravelRuleCheckView, TravelRuleIdParams, TravelRuleSubmissionInput, TravelRuleSubmissionView } from './travel-rule-schemas.js';

export const CheckTravelRule = token<Operation<TravelRuleCheckInput, TravelRuleCheckView>>('regtech.check-travel-rule');
export const GetTravelRuleCheck = token<Operation<TravelRuleIdParams, TravelRuleCheckView>>('regtech.get-travel-rule-check');
export const SubmitTravelRuleTransfer = token<Operation<TravelRuleSubmissionInput, TravelRuleSubmissionView>>('regtech.submit-travel-rule-transfer');
export const GetTravelRuleSubmission = token<Operation<TravelRuleIdParams, TravelRuleSubmissionView>>('regtech.get-travel-rule-submission');

export * from './mifir-schemas.js';
import type { MifirReportIdParams, MifirReportInput, MifirReportView } from './mifir-schemas.js';

export const SubmitMifirReport = token<Operation<MifirReportInput, MifirReportView>>('regtech.submit-mifir-report');
export const GetMifirReport = token<Operation<MifirReportIdParams, MifirReportView>>('regtech.get-mifir-report');

export * from './mica-schemas.js';
import type { MicaCheckInput, MicaCheckView, MicaIssuerParams, MicaIssuersView, MicaIssuerView, MicaWhitePaperInput, MicaWhitePaperView, PutMicaIssuerInput } from './mica-schemas.js';

export const CheckMica = token<Operation<MicaCheckInput, MicaCheckView>>('regtech.check-mica');
export const PutMicaIssuer = token<Operation<PutMicaIssuerInput, MicaIssuerView>>('regtech.put-mica-issuer');
export const GetMicaIssuer = token<Operation<MicaIssuerParams, MicaIssuerView>>('regtech.get-mica-issuer');
export const ListMicaIssuers = token<Operation<Record<string, never>, MicaIssuersView>>('regtech.list-mica-issuers');
export const FileMicaWhitePaper = token<Operation<MicaWhitePaperInput, MicaWhitePaperView>>('regtech.file-mica-white-paper');

export * from './status-schemas.js';
import type { RegtechStatusView } from './status-schemas.js';

export const GetRegtechStatus = token<Operation<Record<string, never>, RegtechStatusView>>('regtech.get-status');

export * from './monitoring-schemas.js';
import type { MonitoredTransactionsView, MonitoredTransactionView, ReviewDecisionInput, TransactionFlagsParams } from './monitoring-schemas.js';

export const GetTransactionFlags = token<Operation<TransactionFlagsParams, MonitoredTransactionView>>('regtech.get-transaction-flags');
export const ListPendingReviews = token<Operation<Record<string, never>, MonitoredTransactionsView>>('regtech.list-pending-reviews');
export const ClearReview = token<Operation<ReviewDecisionInput, MonitoredTransactionView>>('regtech.clear-review');
export const RejectReview = token<Operation<ReviewDecisionInput, MonitoredTransactionView>>('regtech.reject-review');
