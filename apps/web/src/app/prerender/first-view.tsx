import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import type { i18n as I18n } from 'i18next';
import type { FreshnessInfo, MarketOverviewResponse, MeResponse } from '@solstice/contracts';
import { LOCALE_OF, type Language } from '../../shared/i18n/languages';
import { formattersFor } from '../../shared/format';
import { PRODUCT_NAME } from '../../shared/lib/brand';
import { StaleDataNotice } from '../layout/stale-data-banner';
import { DashboardSummary } from '../../features/dashboard/dashboard-screen';
import enShell from '../../shared/i18n/en/shell';
import trShell from '../../shared/i18n/tr/shell';
import enDashboard from '../../shared/i18n/en/dashboard';
import trDashboard from '../../shared/i18n/tr/dashboard';
import enMarket from '../../shared/i18n/en/market';
import trMarket from '../../shared/i18n/tr/market';
import { PRERENDER_ID } from '../../shared/prerender-id';
import { prerenderTexts } from './prerender-texts';

/** What a returning account's page carries (the server's page data, decision 0023). */
export interface FirstViewData {
  me: MeResponse;
  freshness: FreshnessInfo;
  overview?: MarketOverviewResponse;
}

const TEXTS: Record<Language, Record<string, Record<string, unknown>>> = {
  en: { shell: enShell, dashboard: enDashboard, market: enMarket },
  tr: { shell: trShell, dashboard: trDashboard, market: trMarket },
};

const texts = new Map<Language, Promise<I18n>>();
const textsOf = (language: Language): Promise<I18n> => {
  let i18n = texts.get(language);
  if (!i18n) texts.set(language, (i18n = prerenderTexts(language, TEXTS[language])));
  return i18n;
};

/**
 * The first view of a returning account's /dashboard as the server sends it, before the
 * scripts have run (Lighthouse's LCP, issue 18): the top bar's frame, the stale-data warning,
 * the page's title bar and the market summary, drawn by the app's own components from the page's data, in the
 * account's language and number format. The app takes it away as it first draws
 * (app/prerender-handoff.tsx). Null for a page without a first view (any but /dashboard, or no
 * market summary, or an empty one, in the data). The server loads this module from the web build
 * (dist/prerender/first-view.mjs, apps/web/scripts/prerender-pages.mjs).
 */
export async function firstViewMarkup(
  page: string,
  language: Language,
  timeZone: string,
  data: FirstViewData,
): Promise<string | null> {
  const overview = data.overview;
  // An empty market: the app says so in its own words (QueryView's empty state), not drawn here.
  if (page !== '/dashboard' || !overview || (overview.indices.length === 0 && overview.breadth.total === 0))
    return null;
  const i18n = await textsOf(language);
  const f = formattersFor(data.me.data.locale ?? LOCALE_OF[language], data.me.data.timeZone ?? timeZone);
  const t = i18n.getFixedT(language, 'dashboard');
  const admin = data.me.roles.includes('admin');
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
          <div className="container-fluid py-3">
            <h1 className="h4">{t('title')}</h1>
            <section className="mb-3">
              <h2 className="h6">{t('summary.title')}</h2>
              <DashboardSummary data={overview} f={f} badge={null} />
            </section>
          </div>
        </main>
      </MemoryRouter>
    </I18nextProvider>,
  );
  // The app's test ids belong to the app's own elements.
  return `<div id="${PRERENDER_ID}" class="app-main">${body.replace(/ data-testid="[^"]*"/g, '')}</div>`;
}
