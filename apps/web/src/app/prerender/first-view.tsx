import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import type { i18n as I18n } from 'i18next';
import { LOCALE_OF, type Language } from '../../shared/i18n/languages';
import { formattersFor } from '../../shared/format';
import { PRODUCT_NAME } from '../../shared/lib/brand';
import { StaleDataNotice } from '../layout/stale-data-banner';
import { DashboardSummary } from '../../features/dashboard/dashboard-screen';
import { SubscribeFirstView } from '../../features/subscribe/subscribe-screen';
import enShell from '../../shared/i18n/en/shell';
import trShell from '../../shared/i18n/tr/shell';
import enDashboard from '../../shared/i18n/en/dashboard';
import trDashboard from '../../shared/i18n/tr/dashboard';
import enMarket from '../../shared/i18n/en/market';
import trMarket from '../../shared/i18n/tr/market';
import enHeatmaps from '../../shared/i18n/en/heatmaps';
import trHeatmaps from '../../shared/i18n/tr/heatmaps';
import enScanner from '../../shared/i18n/en/scanner';
import trScanner from '../../shared/i18n/tr/scanner';
import enChart from '../../shared/i18n/en/chart';
import trChart from '../../shared/i18n/tr/chart';
import enPattern from '../../shared/i18n/en/pattern';
import trPattern from '../../shared/i18n/tr/pattern';
import enCalendar from '../../shared/i18n/en/calendar';
import trCalendar from '../../shared/i18n/tr/calendar';
import enBestTrades from '../../shared/i18n/en/bestTrades';
import trBestTrades from '../../shared/i18n/tr/bestTrades';
import enSeascan from '../../shared/i18n/en/seascan';
import trSeascan from '../../shared/i18n/tr/seascan';
import enBacktest from '../../shared/i18n/en/backtest';
import trBacktest from '../../shared/i18n/tr/backtest';
import enAlerts from '../../shared/i18n/en/alerts';
import trAlerts from '../../shared/i18n/tr/alerts';
import enProfile from '../../shared/i18n/en/profile';
import trProfile from '../../shared/i18n/tr/profile';
import enSubscribe from '../../shared/i18n/en/subscribe';
import trSubscribe from '../../shared/i18n/tr/subscribe';
import enAdmin from '../../shared/i18n/en/admin';
import trAdmin from '../../shared/i18n/tr/admin';
import { PRERENDER_ID } from '../../shared/prerender-id';
import { prerenderTexts } from './prerender-texts';
import type { PageData } from '../page-data';

/** What a returning account's page carries (the server's page data, decision 0023). */
export type FirstViewData = PageData;

const TEXTS: Record<Language, Record<string, Record<string, unknown>>> = {
  en: {
    shell: enShell,
    dashboard: enDashboard,
    market: enMarket,
    heatmaps: enHeatmaps,
    scanner: enScanner,
    chart: enChart,
    pattern: enPattern,
    calendar: enCalendar,
    bestTrades: enBestTrades,
    seascan: enSeascan,
    backtest: enBacktest,
    alerts: enAlerts,
    profile: enProfile,
    subscribe: enSubscribe,
    admin: enAdmin,
  },
  tr: {
    shell: trShell,
    dashboard: trDashboard,
    market: trMarket,
    heatmaps: trHeatmaps,
    scanner: trScanner,
    chart: trChart,
    pattern: trPattern,
    calendar: trCalendar,
    bestTrades: trBestTrades,
    seascan: trSeascan,
    backtest: trBacktest,
    alerts: trAlerts,
    profile: trProfile,
    subscribe: trSubscribe,
    admin: trAdmin,
  },
};

/**
 * Every other page's heading as its screen draws it (the namespace and key of its h1): the first
 * view of those pages is the frame, the stale-data warning and that heading. Admin pages are an
 * admin's only (anyone else gets the app's 404 page).
 */
const HEADINGS: Readonly<Record<string, readonly [key: `${string}:${string}`, adminOnly?: 'admin']>> = {
  '/market': ['market:title'],
  '/heatmaps': ['heatmaps:title'],
  '/scanner': ['scanner:screen.title'],
  '/seasonality': ['chart:title'],
  '/seasonality/pattern': ['pattern:title'],
  '/seasonality/calendar': ['calendar:title'],
  '/seasonality/besttrades': ['bestTrades:title'],
  '/seasonality/scanner': ['seascan:title'],
  '/seasonality/backtest': ['backtest:title'],
  '/alerts': ['alerts:screen.title'],
  '/profile': ['profile:title'],
  '/subscribe': ['subscribe:title'],
  '/admin': ['admin:title', 'admin'],
  '/admin/data': ['admin:data.title', 'admin'],
  '/admin/users': ['admin:users.title', 'admin'],
  '/admin/products': ['admin:products.title', 'admin'],
  '/admin/mail': ['admin:mail.title', 'admin'],
  '/admin/jobs': ['admin:jobs.title', 'admin'],
};

const texts = new Map<Language, Promise<I18n>>();
const textsOf = (language: Language): Promise<I18n> => {
  let i18n = texts.get(language);
  if (!i18n) texts.set(language, (i18n = prerenderTexts(language, TEXTS[language])));
  return i18n;
};

/**
 * The first view of a returning account's page as the server sends it, before the scripts have
 * run (Lighthouse's LCP, issues 18 and 45), drawn by the app's own components from the page's
 * data, in the account's language and number format: the top bar's frame, the stale-data
 * warning and the page's heading; on /dashboard also the market summary; on /subscribe the
 * screen's first view (a subscriber's notice, or the plans) when the data has its answers. The app takes it away
 * as it first draws (app/prerender-handoff.tsx). Null for a page without a first view (`/`, a
 * path that is no page, an admin page for anyone else, /dashboard without a market summary or
 * with an empty one). The server loads this module from the web build
 * (dist/prerender/first-view.mjs, apps/web/scripts/prerender-pages.mjs).
 */
export async function firstViewMarkup(
  page: string,
  language: Language,
  timeZone: string,
  data: FirstViewData,
): Promise<string | null> {
  const admin = data.me.roles.includes('admin');
  const heading = HEADINGS[page];
  const overview = data.overview;
  if (page === '/dashboard') {
    // An empty market: the app says so in its own words (QueryView's empty state), not drawn here.
    if (!overview || (overview.indices.length === 0 && overview.breadth.total === 0)) return null;
  } else if (!heading || (heading[1] === 'admin' && !admin)) return null;
  const i18n = await textsOf(language);
  const f = formattersFor(data.me.data.locale ?? LOCALE_OF[language], data.me.data.timeZone ?? timeZone);
  const { subscription, paymentsConfig, products } = data;
  const content =
    page === '/subscribe' && subscription && paymentsConfig && products ? (
      <SubscribeFirstView subscription={subscription} config={paymentsConfig} products={products} f={f} />
    ) : page === '/dashboard' && overview ? (
      <>
        <h1 className="h4">{i18n.t('dashboard:title')}</h1>
        <section className="mb-3">
          <h2 className="h6">{i18n.t('dashboard:summary.title')}</h2>
          <DashboardSummary data={overview} f={f} badge={null} />
        </section>
      </>
    ) : heading ? (
      <h1 className="h4">
        {/* Keys of several namespaces: the tests render each page's heading in both languages. */}
        {i18n.t(heading[0] as 'dashboard:title')}
      </h1>
    ) : null;
  const body = renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={[page]}>
        <header className="app-topbar">
          <a href="/dashboard" className="app-topbar__brand">
            {PRODUCT_NAME}
          </a>
        </header>
        <StaleDataNotice
          freshness={data.freshness}
          f={f}
          dataUpdates={
            admin ? (
              <a href="/admin/data" className="alert-link">
                {i18n.t('shell:staleData.dataUpdates')}
              </a>
            ) : null
          }
        />
        <main className="app-content">
          <div className="container-fluid py-3">{content}</div>
        </main>
      </MemoryRouter>
    </I18nextProvider>,
  );
  // The app's test ids belong to the app's own elements.
  return `<div id="${PRERENDER_ID}" class="app-main">${body.replace(/ data-testid="[^"]*"/g, '')}</div>`;
}
