import { Random } from './random.js';
import { FAMILIAR, MARKET_ETFS, SECTORS } from './universe-data.js';

export { MARKET_ETFS, SECTORS } from './universe-data.js';

export interface UniverseMember {
  symbol: string;
  name: string;
  type: 'stock' | 'etf';
  sector: string | null;
  industry: string | null;
  /** US dollars; null for ETFs. */
  marketCap: number | null;
  /** Sensitivity to the market factor. */
  beta: number;
}

const NAME_FIRST = [
  'Apex',
  'Blue',
  'Cedar',
  'Delta',
  'Evergreen',
  'Frontier',
  'Granite',
  'Harbor',
  'Iron',
  'Juniper',
  'Keystone',
  'Lakeside',
  'Meridian',
  'North',
  'Orion',
  'Pioneer',
  'Quarry',
  'Redwood',
  'Summit',
  'Tidal',
  'Union',
  'Vantage',
  'Westfield',
  'Zenith',
  'Atlas',
  'Beacon',
  'Crescent',
  'Falcon',
  'Highland',
  'Liberty',
];
const SECTOR_WORDS: Record<string, string[]> = {
  'Information Technology': ['Systems', 'Micro', 'Software', 'Digital', 'Networks', 'Devices'],
  'Health Care': ['Therapeutics', 'Biosciences', 'Medical', 'Health', 'Pharma', 'Diagnostics'],
  Financials: ['Bancorp', 'Financial', 'Capital', 'Trust', 'Insurance', 'Holdings'],
  'Consumer Discretionary': ['Brands', 'Retail', 'Motors', 'Resorts', 'Apparel', 'Homes'],
  Industrials: ['Industries', 'Aerospace', 'Machinery', 'Logistics', 'Rail', 'Controls'],
  'Communication Services': ['Media', 'Telecom', 'Interactive', 'Broadcasting', 'Studios', 'Wireless'],
  'Consumer Staples': ['Foods', 'Beverage', 'Household', 'Grocers', 'Farms', 'Products'],
  Energy: ['Petroleum', 'Energy', 'Drilling', 'Midstream', 'Oil', 'Resources'],
  Utilities: ['Power', 'Electric', 'Gas', 'Water', 'Energy', 'Utilities'],
  'Real Estate': ['Realty', 'Properties', 'REIT', 'Land', 'Towers', 'Storage'],
  Materials: ['Chemical', 'Mining', 'Materials', 'Steel', 'Packaging', 'Metals'],
};
const SUFFIX = ['INC', 'CORP', 'CO', 'GROUP INC', 'HOLDINGS INC', 'LTD'];

/** Sector betas to the market: defensives below 1, cyclicals and technology above. */
const SECTOR_BETA = [1.2, 0.8, 1.1, 1.15, 1.05, 1.0, 0.65, 1.0, 0.55, 0.9, 1.05];

/**
 * The demo universe, the same for the same seed: the familiar large caps, generated
 * companies to fill each sector, the broad-market ETFs and the 11 sector SPDRs.
 */
export function demoUniverse(seed: number): UniverseMember[] {
  const rng = Random.seeded(seed ^ 0x5eed);
  const taken = new Set<string>([
    ...FAMILIAR.map((f) => f[0]),
    ...MARKET_ETFS.map((e) => e[0]),
    ...SECTORS.map((s) => s.etf),
  ]);
  const members: UniverseMember[] = [];
  SECTORS.forEach((sector, s) => {
    const familiar = FAMILIAR.filter((f) => f[2] === s);
    for (const [symbol, name, , industry, capB] of familiar) {
      members.push({
        symbol,
        name,
        type: 'stock',
        sector: sector.name,
        industry,
        marketCap: capB * 1e9,
        beta: SECTOR_BETA[s]! * (0.85 + 0.3 * rng.uniform()),
      });
    }
    const usedNames = new Set<string>();
    for (let k = familiar.length; k < sector.count; k++) {
      let symbol: string;
      do {
        const len = rng.uniform() < 0.55 ? 3 : 4;
        symbol = '';
        for (let c = 0; c < len; c++) symbol += String.fromCharCode(65 + rng.int(0, 25));
      } while (taken.has(symbol));
      taken.add(symbol);
      let name: string;
      do {
        name = `${rng.pick(NAME_FIRST)} ${rng.pick(SECTOR_WORDS[sector.name]!)} ${rng.pick(SUFFIX)}`.toUpperCase();
      } while (usedNames.has(name));
      usedNames.add(name);
      // Log-uniform from $1.5 billion to $120 billion.
      const marketCap = Math.round(Math.exp(Math.log(1.5e9) + rng.uniform() * Math.log(80)) / 1e6) * 1e6;
      members.push({
        symbol,
        name,
        type: 'stock',
        sector: sector.name,
        industry: rng.pick(sector.industries),
        marketCap,
        beta: SECTOR_BETA[s]! * (0.7 + 0.6 * rng.uniform()),
      });
    }
  });
  for (const [symbol, name, beta] of MARKET_ETFS)
    members.push({ symbol, name, type: 'etf', sector: null, industry: null, marketCap: null, beta });
  SECTORS.forEach((sector, s) =>
    members.push({
      symbol: sector.etf,
      name: sector.etfName,
      type: 'etf',
      sector: sector.name,
      industry: null,
      marketCap: null,
      beta: SECTOR_BETA[s]!,
    }),
  );
  return members;
}
