import { Random } from './random.js';

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

/** The 11 GICS sectors, their SPDR ETF, industries and how many demo stocks each gets. */
export const SECTORS: ReadonlyArray<{
  name: string;
  etf: string;
  etfName: string;
  count: number;
  industries: string[];
}> = [
  {
    name: 'Information Technology',
    etf: 'XLK',
    etfName: 'TECHNOLOGY SELECT SECTOR SPDR',
    count: 70,
    industries: [
      'Software',
      'Semiconductors',
      'Technology Hardware',
      'IT Services',
      'Communications Equipment',
      'Electronic Equipment',
    ],
  },
  {
    name: 'Health Care',
    etf: 'XLV',
    etfName: 'HEALTH CARE SELECT SECTOR SPDR',
    count: 60,
    industries: [
      'Pharmaceuticals',
      'Biotechnology',
      'Health Care Equipment',
      'Health Care Providers & Services',
      'Life Sciences Tools & Services',
    ],
  },
  {
    name: 'Financials',
    etf: 'XLF',
    etfName: 'FINANCIAL SELECT SECTOR SPDR',
    count: 65,
    industries: ['Banks', 'Capital Markets', 'Insurance', 'Financial Services', 'Consumer Finance'],
  },
  {
    name: 'Consumer Discretionary',
    etf: 'XLY',
    etfName: 'CONSUMER DISCRETIONARY SELECT SECTOR SPDR',
    count: 50,
    industries: [
      'Broadline Retail',
      'Specialty Retail',
      'Automobiles',
      'Hotels, Restaurants & Leisure',
      'Textiles, Apparel & Luxury Goods',
      'Household Durables',
    ],
  },
  {
    name: 'Industrials',
    etf: 'XLI',
    etfName: 'INDUSTRIAL SELECT SECTOR SPDR',
    count: 70,
    industries: [
      'Aerospace & Defense',
      'Machinery',
      'Industrial Conglomerates',
      'Air Freight & Logistics',
      'Building Products',
      'Ground Transportation',
    ],
  },
  {
    name: 'Communication Services',
    etf: 'XLC',
    etfName: 'COMMUNICATION SERVICES SELECT SECTOR SPDR',
    count: 25,
    industries: ['Interactive Media & Services', 'Entertainment', 'Media', 'Diversified Telecommunication Services'],
  },
  {
    name: 'Consumer Staples',
    etf: 'XLP',
    etfName: 'CONSUMER STAPLES SELECT SECTOR SPDR',
    count: 35,
    industries: ['Consumer Staples Retail', 'Household Products', 'Beverages', 'Food Products', 'Tobacco'],
  },
  {
    name: 'Energy',
    etf: 'XLE',
    etfName: 'ENERGY SELECT SECTOR SPDR',
    count: 25,
    industries: ['Oil, Gas & Consumable Fuels', 'Energy Equipment & Services'],
  },
  {
    name: 'Utilities',
    etf: 'XLU',
    etfName: 'UTILITIES SELECT SECTOR SPDR',
    count: 30,
    industries: ['Electric Utilities', 'Multi-Utilities', 'Gas Utilities', 'Water Utilities'],
  },
  {
    name: 'Real Estate',
    etf: 'XLRE',
    etfName: 'REAL ESTATE SELECT SECTOR SPDR',
    count: 30,
    industries: ['Industrial REITs', 'Specialized REITs', 'Retail REITs', 'Residential REITs'],
  },
  {
    name: 'Materials',
    etf: 'XLB',
    etfName: 'MATERIALS SELECT SECTOR SPDR',
    count: 25,
    industries: ['Chemicals', 'Metals & Mining', 'Construction Materials', 'Containers & Packaging'],
  },
];

/** Familiar large caps: [symbol, name, sector index, industry, market cap in $ billions]. */
const FAMILIAR: ReadonlyArray<[string, string, number, string, number]> = [
  ['AAPL', 'APPLE INC', 0, 'Technology Hardware', 3400],
  ['MSFT', 'MICROSOFT CORP', 0, 'Software', 3100],
  ['NVDA', 'NVIDIA CORP', 0, 'Semiconductors', 3300],
  ['AVGO', 'BROADCOM INC', 0, 'Semiconductors', 1000],
  ['ORCL', 'ORACLE CORP', 0, 'Software', 450],
  ['CRM', 'SALESFORCE INC', 0, 'Software', 300],
  ['ADBE', 'ADOBE INC', 0, 'Software', 220],
  ['CSCO', 'CISCO SYSTEMS INC', 0, 'Communications Equipment', 230],
  ['AMD', 'ADVANCED MICRO DEVICES INC', 0, 'Semiconductors', 250],
  ['INTC', 'INTEL CORP', 0, 'Semiconductors', 100],
  ['QCOM', 'QUALCOMM INC', 0, 'Semiconductors', 180],
  ['IBM', 'INTERNATIONAL BUSINESS MACHINES CORP', 0, 'IT Services', 200],
  ['LLY', 'ELI LILLY & CO', 1, 'Pharmaceuticals', 750],
  ['UNH', 'UNITEDHEALTH GROUP INC', 1, 'Health Care Providers & Services', 450],
  ['JNJ', 'JOHNSON & JOHNSON', 1, 'Pharmaceuticals', 380],
  ['MRK', 'MERCK & CO INC', 1, 'Pharmaceuticals', 250],
  ['ABBV', 'ABBVIE INC', 1, 'Biotechnology', 330],
  ['PFE', 'PFIZER INC', 1, 'Pharmaceuticals', 150],
  ['TMO', 'THERMO FISHER SCIENTIFIC INC', 1, 'Life Sciences Tools & Services', 200],
  ['ABT', 'ABBOTT LABORATORIES', 1, 'Health Care Equipment', 200],
  ['JPM', 'JPMORGAN CHASE & CO', 2, 'Banks', 680],
  ['BAC', 'BANK OF AMERICA CORP', 2, 'Banks', 330],
  ['WFC', 'WELLS FARGO & CO', 2, 'Banks', 240],
  ['GS', 'GOLDMAN SACHS GROUP INC', 2, 'Capital Markets', 180],
  ['MS', 'MORGAN STANLEY', 2, 'Capital Markets', 200],
  ['V', 'VISA INC', 2, 'Financial Services', 600],
  ['MA', 'MASTERCARD INC', 2, 'Financial Services', 500],
  ['BRK-B', 'BERKSHIRE HATHAWAY INC CLASS B', 2, 'Financial Services', 1000],
  ['AXP', 'AMERICAN EXPRESS CO', 2, 'Consumer Finance', 200],
  ['AMZN', 'AMAZON.COM INC', 3, 'Broadline Retail', 2000],
  ['TSLA', 'TESLA INC', 3, 'Automobiles', 800],
  ['HD', 'HOME DEPOT INC', 3, 'Specialty Retail', 380],
  ['MCD', "MCDONALD'S CORP", 3, 'Hotels, Restaurants & Leisure', 210],
  ['NKE', 'NIKE INC', 3, 'Textiles, Apparel & Luxury Goods', 110],
  ['SBUX', 'STARBUCKS CORP', 3, 'Hotels, Restaurants & Leisure', 100],
  ['LOW', "LOWE'S COMPANIES INC", 3, 'Specialty Retail', 140],
  ['GE', 'GE AEROSPACE', 4, 'Aerospace & Defense', 250],
  ['CAT', 'CATERPILLAR INC', 4, 'Machinery', 180],
  ['BA', 'BOEING CO', 4, 'Aerospace & Defense', 130],
  ['HON', 'HONEYWELL INTERNATIONAL INC', 4, 'Industrial Conglomerates', 140],
  ['UPS', 'UNITED PARCEL SERVICE INC', 4, 'Air Freight & Logistics', 100],
  ['DE', 'DEERE & CO', 4, 'Machinery', 120],
  ['LMT', 'LOCKHEED MARTIN CORP', 4, 'Aerospace & Defense', 110],
  ['GOOGL', 'ALPHABET INC CLASS A', 5, 'Interactive Media & Services', 2100],
  ['META', 'META PLATFORMS INC', 5, 'Interactive Media & Services', 1400],
  ['NFLX', 'NETFLIX INC', 5, 'Entertainment', 300],
  ['DIS', 'WALT DISNEY CO', 5, 'Entertainment', 200],
  ['T', 'AT&T INC', 5, 'Diversified Telecommunication Services', 160],
  ['VZ', 'VERIZON COMMUNICATIONS INC', 5, 'Diversified Telecommunication Services', 170],
  ['CMCSA', 'COMCAST CORP', 5, 'Media', 150],
  ['WMT', 'WALMART INC', 6, 'Consumer Staples Retail', 700],
  ['PG', 'PROCTER & GAMBLE CO', 6, 'Household Products', 390],
  ['KO', 'COCA-COLA CO', 6, 'Beverages', 270],
  ['PEP', 'PEPSICO INC', 6, 'Beverages', 210],
  ['COST', 'COSTCO WHOLESALE CORP', 6, 'Consumer Staples Retail', 400],
  ['PM', 'PHILIP MORRIS INTERNATIONAL INC', 6, 'Tobacco', 200],
  ['XOM', 'EXXON MOBIL CORP', 7, 'Oil, Gas & Consumable Fuels', 480],
  ['CVX', 'CHEVRON CORP', 7, 'Oil, Gas & Consumable Fuels', 280],
  ['COP', 'CONOCOPHILLIPS', 7, 'Oil, Gas & Consumable Fuels', 130],
  ['SLB', 'SCHLUMBERGER LTD', 7, 'Energy Equipment & Services', 60],
  ['EOG', 'EOG RESOURCES INC', 7, 'Oil, Gas & Consumable Fuels', 70],
  ['NEE', 'NEXTERA ENERGY INC', 8, 'Electric Utilities', 150],
  ['SO', 'SOUTHERN CO', 8, 'Electric Utilities', 95],
  ['DUK', 'DUKE ENERGY CORP', 8, 'Electric Utilities', 85],
  ['D', 'DOMINION ENERGY INC', 8, 'Multi-Utilities', 45],
  ['PLD', 'PROLOGIS INC', 9, 'Industrial REITs', 100],
  ['AMT', 'AMERICAN TOWER CORP', 9, 'Specialized REITs', 95],
  ['EQIX', 'EQUINIX INC', 9, 'Specialized REITs', 85],
  ['SPG', 'SIMON PROPERTY GROUP INC', 9, 'Retail REITs', 60],
  ['O', 'REALTY INCOME CORP', 9, 'Retail REITs', 50],
  ['LIN', 'LINDE PLC', 10, 'Chemicals', 220],
  ['SHW', 'SHERWIN-WILLIAMS CO', 10, 'Chemicals', 90],
  ['FCX', 'FREEPORT-MCMORAN INC', 10, 'Metals & Mining', 60],
  ['NEM', 'NEWMONT CORP', 10, 'Metals & Mining', 55],
  ['NUE', 'NUCOR CORP', 10, 'Metals & Mining', 35],
];

/** Broad-market ETFs: [symbol, name, market beta]. */
export const MARKET_ETFS: ReadonlyArray<[string, string, number]> = [
  ['SPY', 'SPDR S&P 500 ETF TRUST', 1],
  ['QQQ', 'INVESCO QQQ TRUST', 1.15],
  ['DIA', 'SPDR DOW JONES INDUSTRIAL AVERAGE ETF', 0.95],
  ['IWM', 'ISHARES RUSSELL 2000 ETF', 1.2],
];

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
