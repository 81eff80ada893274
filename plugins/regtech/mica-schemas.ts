import { z } from 'zod';
import { timestamp } from '../../kernel/public.js';
import { ISSUER_LICENCES } from './domain/mica/mica-rules.js';

/** Schemas of the MiCA check and of the operator's issuer and white-paper registry (re-exported by operations.ts). */
const assetType = z.enum(['art', 'emt', 'other']).describe('art: asset-referenced token (MiCA Title III); emt: e-money token (Title IV); other: any other crypto-asset (Title II)');
const hash = z.string().describe('sha256: and the 64 hex digits of the white paper file; other algorithms are refused');
const issuerId = z.string().trim().min(1).max(100).regex(/^[A-Za-z0-9._-]+$/, 'letters, digits, dot, dash and underscore');
const day = z.iso.date();

export const MicaCheckInput = z
  .strictObject({ asset_type: assetType, issuer_id: issuerId, whitepaper_hash: hash })
  .meta({ id: 'MicaCheckInput', example: { asset_type: 'emt', issuer_id: 'EURO-EMI-1', whitepaper_hash: 'sha256:9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08' } });
export type MicaCheckInput = z.infer<typeof MicaCheckInput>;

export const MicaCheckView = z
  .strictObject({
    check_id: z.uuid(),
    asset_type: assetType,
    title: z.string().describe('The MiCA title applied'),
    issuer_id: z.string(),
    whitepaper_hash: z.string(),
    compliant: z.boolean().describe('Every finding passed'),
    findings: z.array(z.strictObject({ code: z.string(), article: z.string(), passed: z.boolean(), detail: z.string() })),
    checked_at: timestamp,
  })
  .meta({
    id: 'MicaCheck',
    example: {
      check_id: '7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d',
      asset_type: 'emt',
      title: 'Title IV (e-money tokens), Art. 48-58',
      issuer_id: 'EURO-EMI-1',
      whitepaper_hash: 'sha256:9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
      compliant: true,
      findings: [
        { code: 'issuer_registered', article: 'MiCA Art. 4(1)(a), 16(1), 48(1)', passed: true, detail: 'Euro EMI SA, home member state LU.' },
        { code: 'emt_issuer_authorised', article: 'MiCA Art. 48(1)(a)', passed: true, detail: 'Authorised as e_money_institution.' },
        { code: 'white_paper_filed', article: 'MiCA Art. 51', passed: true, detail: 'White paper of EURX filed, notified on 2026-09-01.' },
        { code: 'notification_lead_time', article: 'MiCA Art. 51(11)', passed: true, detail: '22 working days between notification (2026-09-01) and publication (2026-10-01); at least 20 are required.' },
      ],
      checked_at: '2026-11-25T04:00:00.000Z',
    },
  });
export type MicaCheckView = z.infer<typeof MicaCheckView>;

export const MicaIssuerInput = z
  .strictObject({
    name: z.string().trim().min(1).max(200),
    home_member_state: z.string().regex(/^[A-Za-z]{2}$/).describe('ISO code of the EU/EEA member state whose authority supervises the issuer'),
    licences: z.array(z.enum(ISSUER_LICENCES)).max(3).describe('credit_institution, e_money_institution, art_issuer (authorised under MiCA Art. 21)'),
    withdrawn: z.boolean().default(false).describe('The authority withdrew its authorisations'),
  })
  .meta({ id: 'MicaIssuerInput', example: { name: 'Euro EMI SA', home_member_state: 'LU', licences: ['e_money_institution'], withdrawn: false } });
export type MicaIssuerInput = z.infer<typeof MicaIssuerInput>;

export const MicaIssuerParams = z.strictObject({ issuer_id: issuerId });
export type MicaIssuerParams = z.infer<typeof MicaIssuerParams>;
export type PutMicaIssuerInput = MicaIssuerParams & MicaIssuerInput;

export const MicaWhitePaperInput = z
  .strictObject({
    issuer_id: issuerId,
    asset_type: assetType,
    token_name: z.string().trim().min(1).max(100),
    hash,
    notified_on: day.describe('Date it was notified to the competent authority'),
    published_on: day.optional().describe('Date it was or will be published'),
    approved_on: day.optional().describe("Date the authority approved it (an asset-referenced token's white paper needs approval)"),
  })
  .meta({
    id: 'MicaWhitePaperInput',
    example: { issuer_id: 'EURO-EMI-1', asset_type: 'emt', token_name: 'EURX', hash: 'sha256:9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08', notified_on: '2026-09-01', published_on: '2026-10-01' },
  });
export type MicaWhitePaperInput = z.infer<typeof MicaWhitePaperInput>;

export const MicaWhitePaperView = z
  .strictObject({
    id: z.uuid(),
    issuer_id: z.string(),
    asset_type: assetType,
    token_name: z.string(),
    hash: z.string(),
    notified_on: z.string(),
    published_on: z.string().nullable(),
    approved_on: z.string().nullable(),
    filed_at: timestamp,
  })
  .meta({
    id: 'MicaWhitePaper',
    example: {
      id: '8b9c0d1e-2f3a-4b4c-8d5e-6f7a8b9c0d1e',
      issuer_id: 'EURO-EMI-1',
      asset_type: 'emt',
      token_name: 'EURX',
      hash: 'sha256:9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
      notified_on: '2026-09-01',
      published_on: '2026-10-01',
      approved_on: null,
      filed_at: '2026-11-25T04:00:00.000Z',
    },
  });
export type MicaWhitePaperView = z.infer<typeof MicaWhitePaperView>;

export const MicaIssuerView = z
  .strictObject({
    issuer_id: z.string(),
    name: z.string(),
    home_member_state: z.string(),
    licences: z.array(z.enum(ISSUER_LICENCES)),
    withdrawn: z.boolean(),
    updated_at: timestamp,
    white_papers: z.array(MicaWhitePaperView),
  })
  .meta({
    id: 'MicaIssuer',
    example: { issuer_id: 'EURO-EMI-1', name: 'Euro EMI SA', home_member_state: 'LU', licences: ['e_money_institution'], withdrawn: false, updated_at: '2026-11-25T04:00:00.000Z', white_papers: [] },
  });
export type MicaIssuerView = z.infer<typeof MicaIssuerView>;

export const MicaIssuersView = z
  .strictObject({ issuers: z.array(MicaIssuerView) })
  .meta({ id: 'MicaIssuers', example: { issuers: [{ issuer_id: 'EURO-EMI-1', name: 'Euro EMI SA', home_member_state: 'LU', licences: ['e_money_institution'], withdrawn: false, updated_at: '2026-11-25T04:00:00.000Z', white_papers: [] }] } });
export type MicaIssuersView = z.infer<typeof MicaIssuersView>;
