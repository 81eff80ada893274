/**
 * The national competent authorities MiFIR Art. 26 transaction reports go
 * to, by the ISO 3166 code of the EU/EEA member state (`jurisdiction` of
 * POST /regtech/mifid/reports). Greece is EL in EU usage and GR in ISO:
 * both are accepted.
 */
export const COMPETENT_AUTHORITIES: Readonly<Record<string, string>> = {
  AT: 'Finanzmarktaufsicht (FMA)',
  BE: 'Financial Services and Markets Authority (FSMA)',
  BG: 'Financial Supervision Commission (FSC)',
  CY: 'Cyprus Securities and Exchange Commission (CySEC)',
  CZ: 'Czech National Bank (CNB)',
  DE: 'Bundesanstalt für Finanzdienstleistungsaufsicht (BaFin)',
  DK: 'Finanstilsynet (Danish FSA)',
  EE: 'Finantsinspektsioon',
  ES: 'Comisión Nacional del Mercado de Valores (CNMV)',
  FI: 'Finanssivalvonta (FIN-FSA)',
  FR: 'Autorité des marchés financiers (AMF)',
  GR: 'Hellenic Capital Market Commission (HCMC)',
  HR: 'Croatian Financial Services Supervisory Agency (HANFA)',
  HU: 'Magyar Nemzeti Bank (MNB)',
  IE: 'Central Bank of Ireland (CBI)',
  IT: 'Commissione Nazionale per le Società e la Borsa (CONSOB)',
  LT: 'Lietuvos bankas',
  LU: 'Commission de Surveillance du Secteur Financier (CSSF)',
  LV: 'Latvijas Banka',
  MT: 'Malta Financial Services Authority (MFSA)',
  NL: 'Autoriteit Financiële Markten (AFM)',
  PL: 'Komisja Nadzoru Finansowego (KNF)',
  PT: 'Comissão do Mercado de Valores Mobiliários (CMVM)',
  RO: 'Autoritatea de Supraveghere Financiară (ASF)',
  SE: 'Finansinspektionen',
  SI: 'Securities Market Agency (ATVP)',
  SK: 'Národná banka Slovenska (NBS)',
  IS: 'Central Bank of Iceland (FME)',
  LI: 'Finanzmarktaufsicht Liechtenstein (FMA)',
  NO: 'Finanstilsynet (Norwegian FSA)',
};

/** The member state's ISO code (EL is GR), or undefined when it is not an EU/EEA member state. */
export function memberState(code: string): string | undefined {
  const upper = code.trim().toUpperCase();
  const iso = upper === 'EL' ? 'GR' : upper;
  return COMPETENT_AUTHORITIES[iso] ? iso : undefined;
}
