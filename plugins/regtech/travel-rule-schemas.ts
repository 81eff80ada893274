import { z } from 'zod';
import { decimal, timestamp } from '../../kernel/public.js';
import { NATIONAL_ID_TYPES } from './domain/travel-rule/ivms101.js';
import { TRAVEL_RULE_JURISDICTION_CODES } from './domain/travel-rule/thresholds.js';

/**
 * Schemas of the travel-rule routes (re-exported by operations.ts): the
 * spec's four party fields, plus the optional IVMS 101 identification a
 * transfer at or above the threshold needs for its originator.
 */
const country = z.string().regex(/^[A-Za-z]{2}$/, 'must be an ISO 3166 alpha-2 code').transform((code) => code.toUpperCase());
const text = (max: number) => z.string().trim().min(1).max(max);

const address = z
  .strictObject({
    address_line: z.array(text(70)).min(1).max(7).optional().describe('Up to 7 free-form lines (IVMS 101 addressLine)'),
    street_name: text(70).optional(),
    building_number: text(16).optional(),
    building_name: text(35).optional(),
    post_code: text(16).optional(),
    town_name: text(35).optional(),
    country,
  })
  .describe('IVMS 101 GeographicAddress: address_line, or street_name with building_number or building_name (constraint C8)');

const identification = {
  type: z.enum(['natural', 'legal']).optional().describe('natural (a person, default) or legal (a company)'),
  address: address.optional(),
  date_of_birth: z.iso.date().optional().describe('YYYY-MM-DD, with place_of_birth'),
  place_of_birth: text(70).optional().describe('Town and country of birth, with date_of_birth'),
  national_identification: z
    .strictObject({ identifier: text(35), type: z.enum(NATIONAL_ID_TYPES).describe('IVMS 101 national identifier type; a legal person: RAID, MISC, LEIX or TXID'), country: country.optional() })
    .optional(),
  customer_identification: text(50).optional().describe("The customer's id at their institution"),
};

export const TravelRulePartyInput = z
  .strictObject({
    name: text(200).describe("The party's full name (a natural person: given names then surname)"),
    account_number: text(512).describe('Account number or wallet address'),
    institution_name: text(200).describe('The party’s bank or VASP'),
    institution_country: country.describe('ISO 3166 alpha-2 of the institution'),
    ...identification,
  })
  .meta({ id: 'TravelRuleParty' });

export const TravelRuleCheckInput = z
  .strictObject({
    transfer_id: text(100).describe('The transfer this check is for (any reference: the check does not need a core-banking transfer)'),
    originator: TravelRulePartyInput,
    beneficiary: TravelRulePartyInput,
    transfer_details: z.strictObject({
      amount: z.string().describe('Decimal string at the currency precision'),
      currency: z.string().min(1).max(12).describe('An asset of the catalogue (USD, EUR, BTC, …)'),
      asset_type: z.enum(['fiat', 'crypto']),
      purpose: text(140).optional(),
    }),
    jurisdiction: z.string().min(1).max(8).describe(`One of ${TRAVEL_RULE_JURISDICTION_CODES.join(', ')} (GB is UK); anything else is a 422`),
  })
  .meta({
    id: 'TravelRuleCheckInput',
    example: {
      transfer_id: 'tr_9f3c2a',
      originator: { name: 'Ada Lovelace', account_number: 'DE89370400440532013000', institution_name: 'Open Bank', institution_country: 'DE', customer_identification: 'C-1001' },
      beneficiary: { name: 'Charles Babbage', account_number: 'GB29NWBK60161331926819', institution_name: 'Engine Bank', institution_country: 'GB' },
      transfer_details: { amount: '2500.00', currency: 'EUR', asset_type: 'fiat', purpose: 'invoice 42' },
      jurisdiction: 'EU',
    },
  });
export type TravelRuleCheckInput = z.infer<typeof TravelRuleCheckInput>;

const CHECK_EXAMPLE = {
  check_id: '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b',
  transfer_id: 'tr_9f3c2a',
  is_compliant: true,
  risk_level: 'low',
  risk_score: 15,
  risk_factors: ['above_threshold', 'cross_border'],
  applicable_jurisdiction: 'EU',
  applicable_regulations: [
    'FATF Recommendation 16 (Interpretive Note to R.15 para. 7(b) for virtual assets)',
    'Regulation (EU) 2023/1113 (Transfer of Funds Regulation)',
    'Directive (EU) 2015/849 (AMLD)',
  ],
  originator_verified: true,
  beneficiary_verified: true,
  threshold_analysis: {
    amount_usd: '2700.00',
    exceeds_threshold: true,
    threshold_amount: '1080.00',
    full_identification_required: true,
    threshold_local_amount: '1000.00',
    threshold_currency: 'EUR',
    amount_in_threshold_currency: '2500.00',
    legal_source: 'Regulation (EU) 2023/1113 (Transfer of Funds Regulation): Art. 5(2), 6(2), 7(3) …',
  },
  sanctions_screening: {
    originator_cleared: true,
    beneficiary_cleared: true,
    screening_provider: 'regtech sanctions screening (eu_fsf sha256:0b6e2c4a8d1f, ofac_sdn sha256:5f0c6a8e3b1d, un_sc sha256:9d2c4f6a8e0b)',
    screened_at: '2026-11-25T04:10:00.000Z',
    originator_screening_id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
    beneficiary_screening_id: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e',
    list_versions: [{ source: 'ofac_sdn', version: 'sha256:5f0c6a8e3b1d4c7f9a2e6b8d0c1f3a5e7b9d2c4f6a8e0b1d3c5f7a9e2b4d6c8f' }],
  },
  compliance_issues: [],
  recommendations: ['No action needed; check again after valid_until if the transfer has not been sent by then.'],
  checked_at: '2026-11-25T04:10:00.000Z',
  valid_until: '2026-11-25T04:40:00.000Z',
};

export const TravelRuleCheckView = z
  .strictObject({
    check_id: z.uuid(),
    transfer_id: z.string(),
    is_compliant: z.boolean().describe('No compliance issue: both parties carry what the level asks for and neither matched a sanctions list'),
    risk_level: z.enum(['low', 'medium', 'high', 'critical']).describe('The band of risk_score: <25 low, <50 medium, <75 high, else critical'),
    risk_score: z.number().int().describe('0-100, the sum of the weights of risk_factors (docs/regtech.md#risk-score)'),
    risk_factors: z.array(z.string()),
    applicable_jurisdiction: z.string(),
    applicable_regulations: z.array(z.string()),
    originator_verified: z.boolean().describe("The originator's IVMS 101 data is complete for the level (full identification at or above the threshold)"),
    beneficiary_verified: z.boolean().describe("The beneficiary's IVMS 101 data is complete"),
    threshold_analysis: z.strictObject({
      amount_usd: decimal,
      exceeds_threshold: z.boolean().describe('amount ≥ threshold, compared exactly at the price feed’s prices'),
      threshold_amount: decimal.describe('The threshold in USD at the same prices'),
      full_identification_required: z.boolean(),
      threshold_local_amount: decimal,
      threshold_currency: z.string(),
      amount_in_threshold_currency: decimal,
      legal_source: z.string(),
    }),
    sanctions_screening: z.strictObject({
      originator_cleared: z.boolean(),
      beneficiary_cleared: z.boolean(),
      screening_provider: z.string().describe('The lists and versions screened against'),
      screened_at: timestamp,
      originator_screening_id: z.uuid(),
      beneficiary_screening_id: z.uuid(),
      list_versions: z.array(z.strictObject({ source: z.string(), version: z.string() })),
    }),
    compliance_issues: z.array(z.strictObject({ code: z.string(), description: z.string() })),
    recommendations: z.array(z.string()),
    checked_at: timestamp,
    valid_until: timestamp,
  })
  .meta({ id: 'TravelRuleCheck', example: CHECK_EXAMPLE });
export type TravelRuleCheckView = z.infer<typeof TravelRuleCheckView>;

export const TravelRuleSubmissionInput = z
  .strictObject({
    transfer_id: z.uuid().describe("A core-banking transfer of the caller's team"),
    originator: z
      .strictObject({ name: text(200), account: z.uuid().describe("The transfer's sending account"), ...identification })
      .describe('The sender; the account id is their customer identification at this bank'),
    beneficiary: z.strictObject({
      name: text(200),
      vasp_id: text(200).describe("The beneficiary's institution (VASP or bank) as the network knows it"),
      vasp_country: country.optional().describe('ISO alpha-2 of that institution; XX (unknown) when absent'),
      account: text(512).optional().describe("The beneficiary's account number; the transfer's receiving account when absent"),
    }),
    amount: z.string().describe("The transfer's amount, as a decimal string"),
    currency: z.string().min(1).max(12).describe("The transfer's asset"),
  })
  .meta({
    id: 'TravelRuleSubmissionInput',
    example: {
      transfer_id: '3b1f0c6e-1a2b-4c3d-8e9f-0a1b2c3d4e5f',
      originator: { name: 'Ada Lovelace', account: '7c9e6679-7425-40de-944b-e07fc1f90ae7' },
      beneficiary: { name: 'Charles Babbage', vasp_id: 'Engine Bank', vasp_country: 'GB' },
      amount: '2500.00',
      currency: 'EUR',
    },
  });
export type TravelRuleSubmissionInput = z.infer<typeof TravelRuleSubmissionInput>;

export const TravelRuleSubmissionView = z
  .strictObject({
    submission_id: z.uuid(),
    transfer_id: z.uuid(),
    jurisdiction: z.string(),
    ivms101: z.record(z.string(), z.unknown()).describe('The IVMS 101.2023 message as stored'),
    result: TravelRuleCheckView,
    submitted_at: timestamp,
  })
  .meta({
    id: 'TravelRuleSubmission',
    example: {
      submission_id: '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f',
      transfer_id: '3b1f0c6e-1a2b-4c3d-8e9f-0a1b2c3d4e5f',
      jurisdiction: 'EU',
      ivms101: {
        originator: { originatorPerson: [{ naturalPerson: { name: { nameIdentifier: [{ primaryIdentifier: 'Lovelace', secondaryIdentifier: 'Ada', naturalPersonNameIdentifierType: 'LEGL' }] }, customerIdentification: '7c9e6679-7425-40de-944b-e07fc1f90ae7' }, accountNumber: ['7c9e6679-7425-40de-944b-e07fc1f90ae7'] }] },
        beneficiary: { beneficiaryPerson: [{ naturalPerson: { name: { nameIdentifier: [{ primaryIdentifier: 'Babbage', secondaryIdentifier: 'Charles', naturalPersonNameIdentifierType: 'LEGL' }] } }, accountNumber: ['9b2e1f3a-6c4d-4e5f-8a7b-0c1d2e3f4a5b'] }] },
        originatingVASP: { originatingVASP: { legalPerson: { name: { nameIdentifier: [{ legalPersonName: 'Open Bank', legalPersonNameIdentifierType: 'LEGL' }] }, countryOfRegistration: 'DE' } } },
        beneficiaryVASP: { beneficiaryVASP: { legalPerson: { name: { nameIdentifier: [{ legalPersonName: 'Engine Bank', legalPersonNameIdentifierType: 'LEGL' }] }, countryOfRegistration: 'GB' } } },
        payloadMetadata: { payloadVersion: '101.2023' },
      },
      result: { ...CHECK_EXAMPLE, transfer_id: '3b1f0c6e-1a2b-4c3d-8e9f-0a1b2c3d4e5f' },
      submitted_at: '2026-11-25T04:10:00.000Z',
    },
  });
export type TravelRuleSubmissionView = z.infer<typeof TravelRuleSubmissionView>;

export const TravelRuleIdParams = z.strictObject({ id: z.uuid() });
export type TravelRuleIdParams = z.infer<typeof TravelRuleIdParams>;
