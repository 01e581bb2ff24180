// English texts of the 'landing' namespace. Keys are the contract; tr/landing.ts must have the same.
export default {
  account: 'Account',
  logIn: 'Log in',
  signUp: 'Sign up',
  hero: {
    title: 'Know when a stock tends to move, and whether it means anything.',
    lead: 'Solstice is a stock scanner and seasonality toolkit for traders: seasonal patterns with honest statistics, a scanner over the whole market, heatmaps and watchlists that follow you.',
    start: 'Start now',
  },
  features: {
    label: 'What Solstice does',
    seasonality: {
      title: 'Seasonality that says if it matters',
      body: 'Seasonal chart, pattern, calendar and best trades for any symbol, with win rate, p-value, the result without the best year and against a benchmark.',
    },
    scanner: {
      title: 'A scanner that answers as you type',
      body: 'Filter the whole universe with chips or an expression such as rsi14 < 30 and close > sma200.',
    },
    market: {
      title: 'Market, heatmaps and watchlists',
      body: 'Breadth, sectors and movers; a sector → industry → stock treemap; watchlists kept in your account.',
    },
  },
  pricing: {
    title: 'Pricing',
    teaser: 'Plans are billed monthly or yearly; cancel at any time.',
    price: '{{amount}} / {{interval}}',
    intervals: {
      month: 'month',
      year: 'year',
    },
  },
  footer: '© Solstice · Not investment advice.',
};
