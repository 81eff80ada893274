/**
 * Travel-rule thresholds per jurisdiction with their legal sources
 * (docs/regtech.md#thresholds). At or above a jurisdiction's threshold the
 * originator must be fully identified (IVMS 101 constraint C1/C4: an
 * address, a national or customer id, or the date and place of birth) and
 * the data verified; below it the names and account numbers of both parties
 * still travel with every transfer. Values change with the law: each row
 * says since when it applies.
 */
export type AssetKind = 'fiat' | 'crypto';

export interface TravelRuleJurisdiction {
  readonly code: string;
  readonly name: string;
  /** Whole units of `currency`, as a decimal string. */
  readonly threshold: string;
  readonly currency: string;
  /** The provision that sets the threshold. */
  readonly legalSource: string;
  readonly inForceSince: string;
  /** The regulations a check applies, by the kind of asset moved. */
  readonly regulations: Readonly<Record<AssetKind, readonly string[]>>;
}

const FATF = 'FATF Recommendation 16 (Interpretive Note to R.15 para. 7(b) for virtual assets)';

export const TRAVEL_RULE_JURISDICTIONS: readonly TravelRuleJurisdiction[] = [
  {
    code: 'US',
    name: 'United States',
    threshold: '3000',
    currency: 'USD',
    legalSource: '31 CFR 1010.410(f) (BSA "Travel Rule"): transmittals of funds of USD 3,000 or more',
    inForceSince: '1996-05-28',
    regulations: {
      fiat: [FATF, 'BSA Travel Rule 31 CFR 1010.410(f)', 'BSA recordkeeping 31 CFR 1010.410(e)'],
      crypto: [FATF, 'BSA Travel Rule 31 CFR 1010.410(f)', 'FinCEN guidance FIN-2019-G001 (convertible virtual currency)'],
    },
  },
  {
    code: 'EU',
    name: 'European Union',
    threshold: '1000',
    currency: 'EUR',
    legalSource:
      'Regulation (EU) 2023/1113 (Transfer of Funds Regulation): Art. 5(2), 6(2), 7(3) (funds, EUR 1,000) and Art. 14(5), 16(2) (crypto-assets: verification for self-hosted addresses above EUR 1,000; information travels with every transfer, Art. 14(1)-(3))',
    inForceSince: '2024-12-30',
    regulations: {
      fiat: [FATF, 'Regulation (EU) 2023/1113 (Transfer of Funds Regulation)', 'Directive (EU) 2015/849 (AMLD)'],
      crypto: [FATF, 'Regulation (EU) 2023/1113 (Transfer of Funds Regulation)', 'Regulation (EU) 2023/1114 (MiCA)', 'Directive (EU) 2015/849 (AMLD)'],
    },
  },
  {
    code: 'UK',
    name: 'United Kingdom',
    threshold: '1000',
    currency: 'GBP',
    legalSource:
      'The Money Laundering, Terrorist Financing and Transfer of Funds (Information on the Payer) Regulations 2017, Part 7A (reg. 64A-64J, cryptoasset transfers, from 1 Sep 2023) and Regulation (EU) 2015/847 as retained (funds)',
    inForceSince: '2023-09-01',
    regulations: {
      fiat: [FATF, 'UK MLRs 2017', 'Regulation (EU) 2015/847 as retained in UK law (Wire Transfer Regulation)'],
      crypto: [FATF, 'UK MLRs 2017 Part 7A (Travel Rule for cryptoasset transfers)'],
    },
  },
  {
    code: 'SG',
    name: 'Singapore',
    threshold: '1500',
    currency: 'SGD',
    legalSource: 'MAS Notice PSN02 para. 13 (digital payment token transfers) and MAS Notice 626 para. 11 (wire transfers): SGD 1,500',
    inForceSince: '2020-01-28',
    regulations: {
      fiat: [FATF, 'MAS Notice 626 para. 11 (wire transfers)'],
      crypto: [FATF, 'MAS Notice PSN02 para. 13 (value transfers of digital payment tokens)'],
    },
  },
  {
    code: 'CH',
    name: 'Switzerland',
    threshold: '1000',
    currency: 'CHF',
    legalSource: 'FINMA Anti-Money Laundering Ordinance (AMLO-FINMA, SR 955.033.0) Art. 10 and 51a; FINMA Guidance 02/2019 (payments on the blockchain)',
    inForceSince: '2020-01-01',
    regulations: {
      fiat: [FATF, 'AMLO-FINMA Art. 10 (wire transfers)'],
      crypto: [FATF, 'AMLO-FINMA Art. 10', 'FINMA Guidance 02/2019 (payments on the blockchain)'],
    },
  },
];

/** The jurisdiction for a code (case-insensitive; GB is UK); undefined when the service has no threshold for it. */
export function travelRuleJurisdiction(code: string): TravelRuleJurisdiction | undefined {
  const upper = code.trim().toUpperCase();
  const wanted = upper === 'GB' ? 'UK' : upper;
  return TRAVEL_RULE_JURISDICTIONS.find((jurisdiction) => jurisdiction.code === wanted);
}

export const TRAVEL_RULE_JURISDICTION_CODES = TRAVEL_RULE_JURISDICTIONS.map((jurisdiction) => jurisdiction.code);
