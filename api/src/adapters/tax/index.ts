/** Sales tax rates for a delivery state. */
export interface TaxRates {
  /** Percent (7.25 means 7.25 %), or null for a state it does not know. */
  rateFor(orgId: number, state: string): Promise<number | null>;
}

/**
 * Base state sales tax rates in percent, as published for 1 January 2025 (Tax Foundation, "State and
 * Local Sales Tax Rates, 2025", state rate column). Local (county, city, district) taxes are not
 * included. The published state rates of California, Utah and Virginia include their statewide local
 * levies (1.25 %, 1.25 % and 1 %); Louisiana's rose from 4.45 to 5 on that date.
 */
export const STATE_BASE_RATES_2025: Readonly<Record<string, number>> = {
  AL: 4,
  AK: 0,
  AZ: 5.6,
  AR: 6.5,
  CA: 7.25,
  CO: 2.9,
  CT: 6.35,
  DE: 0,
  DC: 6,
  FL: 6,
  GA: 4,
  HI: 4,
  ID: 6,
  IL: 6.25,
  IN: 7,
  IA: 6,
  KS: 6.5,
  KY: 6,
  LA: 5,
  ME: 5.5,
  MD: 6,
  MA: 6.25,
  MI: 6,
  MN: 6.875,
  MS: 7,
  MO: 4.225,
  MT: 0,
  NE: 5.5,
  NV: 6.85,
  NH: 0,
  NJ: 6.625,
  NM: 4.875,
  NY: 4,
  NC: 4.75,
  ND: 5,
  OH: 5.75,
  OK: 4.5,
  OR: 0,
  PA: 6,
  RI: 7,
  SC: 6,
  SD: 4.2,
  TN: 7,
  TX: 6.25,
  UT: 6.1,
  VT: 6,
  VA: 5.3,
  WA: 6.5,
  WV: 6,
  WI: 5,
  WY: 4,
};

export const STATE_NAMES: Readonly<Record<string, string>> = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  DC: 'District of Columbia',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
};

const CODE_BY_NAME = new Map(Object.entries(STATE_NAMES).map(([code, name]) => [name.toLowerCase(), code]));

/** The two-letter code for a code or a full state name (any case, spaces around ignored), or null. */
export function stateCode(state: string): string | null {
  const text = String(state ?? '').trim().replace(/\s+/g, ' ');
  const upper = text.toUpperCase();
  if (upper in STATE_NAMES) return upper;
  return CODE_BY_NAME.get(text.toLowerCase()) ?? null;
}

/** The state base rates, with an organisation's own rates (by state code or name) taking precedence. */
export class StateTaxTable implements TaxRates {
  private readonly overrides = new Map<number, Map<string, number>>();

  constructor(overrides: Record<number, Record<string, number>> = {}) {
    for (const [orgId, rates] of Object.entries(overrides)) {
      const byCode = new Map<string, number>();
      for (const [state, rate] of Object.entries(rates)) {
        const code = stateCode(state);
        if (!code) throw new Error(`Tax rate override for organisation ${orgId}: unknown state "${state}".`);
        if (!Number.isFinite(rate) || rate < 0) throw new Error(`Tax rate override for organisation ${orgId}, ${code}: ${rate} is not a rate.`);
        byCode.set(code, rate);
      }
      this.overrides.set(Number(orgId), byCode);
    }
  }

  async rateFor(orgId: number, state: string): Promise<number | null> {
    const code = stateCode(state);
    if (!code) return null;
    return this.overrides.get(orgId)?.get(code) ?? STATE_BASE_RATES_2025[code] ?? null;
  }
}
