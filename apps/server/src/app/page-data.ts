import type { Services } from '../composition.js';
import { meOfUser } from '../modules/auth/me.js';
import { listProducts } from '../modules/billing/catalogue.js';
import { paymentsConfigOf } from '../modules/billing/payment-provider.js';
import { overviewJson } from '../modules/market-view/market-view.service.js';
import { freshnessOf } from '../modules/market/update/freshness.js';
import { pagePathOf } from './page-routes.js';
import { ROOT } from './web-pages.js';

/** The id of the page's data block (the web app's app/page-data.ts reads it). */
export const PAGE_DATA_ID = 'solstice-page-data';

/** The pages that open with the market summary (the web app's routes.tsx, firstData). */
const PAGES_WITH_SUMMARY = new Set(['/dashboard', '/market']);

/**
 * What a returning account's page asks for before its first paint, as one JSON text for the
 * page itself (decision 0023): GET /api/me's answer, the market's freshness and, on a page
 * that opens with it, the market overview; on /subscribe the account's subscription, the
 * payments' configuration and the plans (what that page draws first: the subscriber's notice,
 * or the plans). Each as its endpoint answers it. null when the account is gone (the app then
 * asks and learns it is signed out).
 */
export async function pageDataJson(
  services: Pick<Services, 'database' | 'market' | 'marketAsOf' | 'clock' | 'billing'>,
  userId: number,
  pathname: string,
): Promise<string | null> {
  const me = await meOfUser(services.database.db, userId);
  if (!me) return null;
  const page = pagePathOf(pathname);
  const freshness = freshnessOf(services.marketAsOf(), services.clock.now());
  const overview = PAGES_WITH_SUMMARY.has(page)
    ? `,"overview":${overviewJson(services.market, services.clock.now())}`
    : '';
  const subscribe = page === '/subscribe' ? `,${await subscribeJson(services, userId)}` : '';
  return `{"me":${JSON.stringify(me)},"freshness":${JSON.stringify(freshness)}${overview}${subscribe}}`;
}

/** The subscribe page's own answers: GET /api/v1/subscription, /payments/config and /products. */
async function subscribeJson(services: Pick<Services, 'database' | 'billing'>, userId: number): Promise<string> {
  const [subscription, products] = await Promise.all([
    services.billing.subscriptions.get(userId),
    listProducts(services.database.db),
  ]);
  const paymentsConfig = paymentsConfigOf(services.billing.payments);
  return `"subscription":${JSON.stringify(subscription)},"paymentsConfig":${JSON.stringify(paymentsConfig)},"products":${JSON.stringify(products)}`;
}

/**
 * The page with `json` in a data block after #root (not a script: the CSP allows none inline).
 * Every <, > and & is written as a JSON escape, so that no text in the data (a username) can
 * close the block or open another element; U+2028 and U+2029 likewise.
 */
export function withPageData(html: string, json: string): string {
  if (!html.includes(ROOT)) return html;
  const safe = json.replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return html.replace(ROOT, `${ROOT}<script type="application/json" id="${PAGE_DATA_ID}">${safe}</script>`);
}
