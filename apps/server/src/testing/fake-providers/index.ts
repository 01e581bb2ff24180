export { FakeMarket, type FakeBar, type FakeSymbolSpec } from './fake-market.js';
export { FakeHttpServer, type CommonStep, type FakeRequest } from './fake-http.js';
export { startFakeYahoo, type FakeYahoo, type YahooStep } from './fake-yahoo.js';
export { startFakeTiingo, type TiingoStep } from './fake-tiingo.js';
export { startFakeEodhd, type EodhdStep, type FakeEodhd } from './fake-eodhd.js';
