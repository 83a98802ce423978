// The standard VAT rate of each EU member state, the rate of electronically supplied services
// (online courses) sold to consumers under the Union OSS scheme.
//
// Source: European Commission, DG TAXUD, "VAT rates applied in the Member States of the European
// Union" and the Taxes in Europe Database (taxation-customs.ec.europa.eu), situation at
// 1 August 2025 (Slovakia 23% since 1 January 2025, Estonia 24% since 1 July 2025, Romania 21%
// since 1 August 2025, Finland 25.5% since 1 September 2024). Checked 2026-11-27.
// A rate that changes after that date is overridden in the billing settings, not here.

/** Rates in basis points (1 900 = 19%), so that 25.5% is exact. Keys: ISO 3166-1 alpha-2. */
export const EU_VAT_STANDARD_RATES_BP = {
  AT: 2000,
  BE: 2100,
  BG: 2000,
  CY: 1900,
  CZ: 2100,
  DE: 1900,
  DK: 2500,
  EE: 2400,
  ES: 2100,
  FI: 2550,
  FR: 2000,
  GR: 2400,
  HR: 2500,
  HU: 2700,
  IE: 2300,
  IT: 2200,
  LT: 2100,
  LU: 1700,
  LV: 2100,
  MT: 1800,
  NL: 2100,
  PL: 2300,
  PT: 2300,
  RO: 2100,
  SE: 2500,
  SI: 2200,
  SK: 2300,
} as const satisfies Record<string, number>;

export type EuCountry = keyof typeof EU_VAT_STANDARD_RATES_BP;

/** The date the table above was checked against its source. */
export const EU_VAT_RATES_CHECKED = '2026-11-27';

export const isEuCountry = (country: string): country is EuCountry =>
  Object.hasOwn(EU_VAT_STANDARD_RATES_BP, country);

/** The prefix of a country's VAT numbers in VIES: Greece's is EL, every other is the ISO code. */
export const vatPrefixOf = (country: EuCountry): string => (country === 'GR' ? 'EL' : country);
