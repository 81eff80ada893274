/**
 * The MiCA (Regulation (EU) 2023/1114) checks of an offer or admission of a
 * crypto-asset, by the title that governs its type
 * (docs/regtech.md#mica-checks): whether the issuer holds the authorisation
 * the title requires, per the registry the operator keeps, and whether a
 * white paper with the given hash is filed for that issuer and type, with
 * the notification or approval the title asks for.
 */
export type MicaAssetType = 'art' | 'emt' | 'other';
export type IssuerLicence = 'credit_institution' | 'e_money_institution' | 'art_issuer';
export const ISSUER_LICENCES: readonly IssuerLicence[] = ['credit_institution', 'e_money_institution', 'art_issuer'];

export interface RegisteredIssuer {
  readonly issuerId: string;
  readonly name: string;
  readonly homeMemberState: string;
  readonly licences: readonly IssuerLicence[];
  /** The competent authority withdrew its authorisations (MiCA Art. 24, 130). */
  readonly withdrawn: boolean;
}

export interface FiledWhitePaper {
  readonly id: string;
  readonly issuerId: string;
  readonly assetType: MicaAssetType;
  readonly tokenName: string;
  /** `sha256:` and 64 lower-case hex digits. */
  readonly hash: string;
  /** Date (YYYY-MM-DD) the white paper was notified to the competent authority. */
  readonly notifiedOn: string;
  /** Date it was (or is to be) published; null when not yet known. */
  readonly publishedOn: string | null;
  /** Date the competent authority approved it (an ART's white paper needs approval); null otherwise. */
  readonly approvedOn: string | null;
}

export interface MicaFinding {
  readonly code: string;
  /** The provision the finding applies. */
  readonly article: string;
  readonly passed: boolean;
  readonly detail: string;
}

export const MICA_TITLES: Readonly<Record<MicaAssetType, string>> = {
  other: 'Title II (crypto-assets other than asset-referenced or e-money tokens), Art. 4-15',
  art: 'Title III (asset-referenced tokens), Art. 16-47',
  emt: 'Title IV (e-money tokens), Art. 48-58',
};

/** Working days (Monday to Friday) after `from` up to and including `to`. */
export function workingDaysBetween(from: string, to: string): number {
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`);
  let days = 0;
  for (let at = start + 86_400_000; at <= end; at += 86_400_000) {
    const weekday = new Date(at).getUTCDay();
    if (weekday !== 0 && weekday !== 6) days += 1;
  }
  return days;
}

const NOTIFICATION_DAYS = 20;

function issuerFindings(assetType: MicaAssetType, issuer: RegisteredIssuer | undefined, issuerId: string): MicaFinding[] {
  if (!issuer) {
    return [{ code: 'issuer_registered', article: 'MiCA Art. 4(1)(a), 16(1), 48(1)', passed: false, detail: `Issuer '${issuerId}' is not in the registry.` }];
  }
  const findings: MicaFinding[] = [
    { code: 'issuer_registered', article: 'MiCA Art. 4(1)(a), 16(1), 48(1)', passed: true, detail: `${issuer.name}, home member state ${issuer.homeMemberState}.` },
  ];
  if (issuer.withdrawn) {
    findings.push({ code: 'authorisation_not_withdrawn', article: 'MiCA Art. 24, 130', passed: false, detail: 'The competent authority withdrew the issuer’s authorisation.' });
  }
  if (assetType === 'art') {
    const ok = issuer.licences.includes('art_issuer') || issuer.licences.includes('credit_institution');
    findings.push({
      code: 'art_issuer_authorised',
      article: 'MiCA Art. 16(1) (authorisation under Art. 21, or a credit institution under Art. 17)',
      passed: ok && !issuer.withdrawn,
      detail: ok ? `Authorised as ${issuer.licences.filter((l) => l !== 'e_money_institution').join(', ')}.` : 'Neither authorised as an issuer of asset-referenced tokens nor a credit institution.',
    });
  } else if (assetType === 'emt') {
    const ok = issuer.licences.includes('credit_institution') || issuer.licences.includes('e_money_institution');
    findings.push({
      code: 'emt_issuer_authorised',
      article: 'MiCA Art. 48(1)(a)',
      passed: ok && !issuer.withdrawn,
      detail: ok ? `Authorised as ${issuer.licences.filter((l) => l !== 'art_issuer').join(', ')}.` : 'An e-money token may be offered only by a credit institution or an e-money institution.',
    });
  }
  return findings;
}

function whitePaperFindings(assetType: MicaAssetType, hash: string, paper: FiledWhitePaper | undefined, today: string): MicaFinding[] {
  const filing = assetType === 'art' ? 'MiCA Art. 19, 21' : assetType === 'emt' ? 'MiCA Art. 51' : 'MiCA Art. 6, 8';
  if (!paper) {
    return [{ code: 'white_paper_filed', article: filing, passed: false, detail: `No white paper with hash ${hash} is filed for this issuer and asset type.` }];
  }
  const findings: MicaFinding[] = [{ code: 'white_paper_filed', article: filing, passed: true, detail: `White paper of ${paper.tokenName} filed, notified on ${paper.notifiedOn}.` }];
  if (assetType === 'art') {
    findings.push(
      paper.approvedOn !== null && paper.approvedOn <= today
        ? { code: 'white_paper_approved', article: 'MiCA Art. 21(1)', passed: true, detail: `Approved by the competent authority on ${paper.approvedOn}.` }
        : { code: 'white_paper_approved', article: 'MiCA Art. 21(1)', passed: false, detail: 'The white paper of an asset-referenced token must be approved by the competent authority before the offer.' },
    );
  } else {
    const article = assetType === 'emt' ? 'MiCA Art. 51(11)' : 'MiCA Art. 8(1)';
    if (paper.publishedOn === null) {
      findings.push({ code: 'notification_lead_time', article, passed: true, detail: `Not published yet: publication may follow ${NOTIFICATION_DAYS} working days after ${paper.notifiedOn}.` });
    } else {
      const days = workingDaysBetween(paper.notifiedOn, paper.publishedOn);
      findings.push({
        code: 'notification_lead_time',
        article,
        passed: days >= NOTIFICATION_DAYS,
        detail: `${days} working days between notification (${paper.notifiedOn}) and publication (${paper.publishedOn}); at least ${NOTIFICATION_DAYS} are required.`,
      });
    }
  }
  return findings;
}

export function micaFindings(input: { assetType: MicaAssetType; issuerId: string; hash: string; today: string }, issuer: RegisteredIssuer | undefined, paper: FiledWhitePaper | undefined): MicaFinding[] {
  return [...issuerFindings(input.assetType, issuer, input.issuerId), ...whitePaperFindings(input.assetType, input.hash, paper, input.today)];
}

/** `sha256:` and 64 hex digits (either case), lower-cased; undefined for anything else. */
export function whitePaperHash(text: string): string | undefined {
  return /^sha256:[0-9a-fA-F]{64}$/.test(text) ? text.toLowerCase() : undefined;
}
