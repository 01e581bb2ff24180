import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { MeResponse, SubscriptionResponse } from '@solstice/contracts';
import { createOverview } from '../../testing/factories';
import { mockFetch, renderScreen } from '../../testing/test-utils';
import { useAppStore } from '../../shared/shell';
import { activeSubscription, noSubscription, productsRoute, testPayments } from '../../testing/account-fixtures';
import { SubscribeScreen } from '../../features/subscribe/subscribe-screen';
import { firstViewMarkup, type FirstViewData } from './first-view';

vi.mock('../../shared/charts/loader', () => import('../../shared/charts/fake-loader'));

function me(roles: MeResponse['roles'], locale: string | null = null): MeResponse {
  return {
    data: { username: 'ayse', locale, timeZone: null, tutorialSeen: true } as MeResponse['data'],
    roles,
    subscriber: true,
  };
}

const stale = { asOf: '2017-11-10', lastSession: '2026-12-04', tradingDaysBehind: 2277 };
const data = (overrides: Partial<FirstViewData> = {}): FirstViewData => ({
  me: me(['member']),
  freshness: stale,
  overview: createOverview(),
  ...overrides,
});

function parse(markup: string | null): HTMLElement {
  expect(markup).not.toBeNull();
  const holder = document.createElement('div');
  holder.innerHTML = markup!;
  return holder.firstElementChild as HTMLElement;
}

describe("a returning account's first view of the dashboard", () => {
  it('is the stale-data warning and the market summary, from the page data, in the app’s markup', async () => {
    const view = parse(await firstViewMarkup('/dashboard', 'en', 'Europe/Istanbul', data()));
    expect(view.id).toBe('prerender');
    expect(view.querySelector('.alert-warning')?.textContent).toBe(
      'Market data is 2277 trading days old. The latest bar is from 11/10/2017; the last completed session was 12/04/2026. Prices, scans and heatmaps show that earlier day.',
    );
    expect(view.querySelector('h1')?.textContent).toBe('Dashboard');
    // one title: the page's own heading, no title bar above it (as the app's frame draws it)
    expect([...view.querySelectorAll('h2')].map((h) => h.textContent)).toEqual(['Market summary']);
    const card = view.querySelector('section.card');
    expect(card?.textContent).toContain('S&P 500');
    expect(card?.textContent).toContain('5,000');
    expect(view.querySelector('dl')?.textContent).toContain('18');
    expect([...view.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual([
      '/dashboard',
      '/market',
      '/heatmaps',
    ]);
    // The app's test ids stay on the app's own elements.
    expect(view.querySelector('[data-testid]')).toBeNull();
  });

  it("gives an admin the warning's link to the data updates, and no warning while the data is current", async () => {
    const admin = parse(await firstViewMarkup('/dashboard', 'en', 'UTC', data({ me: me(['admin']) })));
    expect(admin.querySelector('.alert-link')?.getAttribute('href')).toBe('/admin/data');
    const current = parse(
      await firstViewMarkup('/dashboard', 'en', 'UTC', data({ freshness: { ...stale, tradingDaysBehind: 0 } })),
    );
    expect(current.querySelector('.alert-warning')).toBeNull();
    expect(current.querySelector('section.card')).not.toBeNull();
  });

  it('speaks Turkish, in Turkish numbers, and follows the profile’s number format', async () => {
    const view = parse(await firstViewMarkup('/dashboard', 'tr', 'Europe/Istanbul', data()));
    expect(view.querySelector('h1')?.textContent).toBe('Gösterge paneli');
    expect(view.querySelector('section.card')?.textContent).toContain('5.000');
    const english = parse(await firstViewMarkup('/dashboard', 'tr', 'UTC', data({ me: me(['member'], 'en-US') })));
    expect(english.querySelector('section.card')?.textContent).toContain('5,000');
  });

  it('is none on a path that is no page, on an admin page for anyone else, or without a market summary (or with an empty one)', async () => {
    expect(await firstViewMarkup('/', 'en', 'UTC', data())).toBeNull();
    expect(await firstViewMarkup('/nowhere', 'en', 'UTC', data())).toBeNull();
    expect(await firstViewMarkup('/admin/data', 'en', 'UTC', data())).toBeNull();
    expect(await firstViewMarkup('/dashboard', 'en', 'UTC', data({ overview: undefined }))).toBeNull();
    const empty = createOverview({ indices: [], breadth: { ...createOverview().breadth, total: 0 } });
    expect(await firstViewMarkup('/dashboard', 'en', 'UTC', data({ overview: empty }))).toBeNull();
  });
});

describe("a returning account's first view of every other page", () => {
  const HEADINGS: [page: string, en: string, tr: string][] = [
    ['/market', 'Market', 'Piyasa'],
    ['/heatmaps', 'Heatmaps', 'Isı haritaları'],
    ['/scanner', 'Stock scanner', 'Hisse tarayıcı'],
    ['/seasonality', 'Seasonality', 'Mevsimsellik'],
    ['/seasonality/pattern', 'Pattern', 'Örüntü'],
    ['/seasonality/calendar', 'Calendar', 'Takvim'],
    ['/seasonality/besttrades', 'Best trades', 'En iyi işlemler'],
    ['/seasonality/scanner', 'Seasonality scanner', 'Mevsimsellik tarayıcı'],
    ['/seasonality/backtest', 'Seasonal backtest', 'Mevsimsel geriye dönük test'],
    ['/alerts', 'Alerts', 'Alarmlar'],
    ['/profile', 'Profile', 'Profil'],
    ['/subscribe', 'Subscribe', 'Abone ol'],
    ['/admin', 'Administration', 'Yönetim'],
    ['/admin/data', 'Data updates', 'Veri güncellemeleri'],
    ['/admin/users', 'Users', 'Kullanıcılar'],
    ['/admin/products', 'Products and prices', 'Ürünler ve fiyatlar'],
    ['/admin/mail', 'Mail outbox', 'Giden posta'],
    ['/admin/jobs', 'Jobs', 'İşler'],
  ];

  it.each(HEADINGS)(
    '%s: the frame, the stale-data warning and the screen’s own heading, in both languages',
    async (page, en, tr) => {
      const admin = { me: me(['admin']), overview: undefined };
      const english = parse(await firstViewMarkup(page, 'en', 'UTC', data(admin)));
      expect(english.querySelector('.app-topbar__brand')).not.toBeNull();
      expect(english.querySelector('.alert-warning')?.textContent).toContain('2277 trading days old');
      expect([...english.querySelectorAll('h1')].map((h) => h.textContent)).toEqual([en]);
      expect(english.querySelector('section')).toBeNull();
      const turkish = parse(await firstViewMarkup(page, 'tr', 'UTC', data(admin)));
      expect([...turkish.querySelectorAll('h1')].map((h) => h.textContent)).toEqual([tr]);
    },
  );
});

describe("a returning account's first view of /subscribe", () => {
  const products = productsRoute().body as NonNullable<FirstViewData['products']>;
  const testMode = testPayments.body as NonNullable<FirstViewData['paymentsConfig']>;
  // The fixtures' subscriptions, typed loosely for the mocked answers, as the page data holds them.
  const subscribe = (subscription: object, paymentsConfig = testMode): FirstViewData =>
    data({ overview: undefined, subscription: subscription as SubscriptionResponse, paymentsConfig, products });
  const content = (view: HTMLElement) => view.querySelector('main .container-fluid') as HTMLElement;

  it('is a subscriber’s notice, in both languages, from the page data: no wait for the subscription', async () => {
    const english = content(parse(await firstViewMarkup('/subscribe', 'en', 'UTC', subscribe(activeSubscription()))));
    expect(english.querySelector('h1')?.textContent).toBe('Subscribe');
    expect(english.querySelector('.badge')?.textContent).toBe('Test mode');
    expect(english.querySelector('.alert-success')?.textContent).toBe(
      'You are subscribed to Solstice Pro; it renews on 12/21/2026. Manage it in your profile.',
    );
    expect(english.querySelector('.alert-success a')?.getAttribute('href')).toBe('/profile');
    expect(english.querySelector('section')).toBeNull();
    const turkish = content(parse(await firstViewMarkup('/subscribe', 'tr', 'UTC', subscribe(activeSubscription()))));
    expect(turkish.querySelector('h1')?.textContent).toBe('Abone ol');
    expect(turkish.querySelector('.alert-success')?.textContent).toContain('Solstice Pro');
    expect(turkish.querySelector('.alert-success')?.textContent).toContain('21.12.2026');
  });

  it('is the plans for anyone else (buttons off while payments are), and only the heading without the answers', async () => {
    const plans = content(parse(await firstViewMarkup('/subscribe', 'en', 'UTC', subscribe(noSubscription))));
    expect(plans.querySelector('.alert-success')).toBeNull();
    expect(plans.querySelector('section.card')?.textContent).toContain('$29.00 per month');
    const off = content(
      parse(
        await firstViewMarkup(
          '/subscribe',
          'en',
          'UTC',
          subscribe(noSubscription, { provider: 'none', label: 'Payments are not configured' }),
        ),
      ),
    );
    expect(off.querySelector('.alert-warning')?.textContent).toContain('Payments are not configured on this server');
    expect(off.querySelector('.badge')).toBeNull();
    expect([...off.querySelectorAll('button')].every((b) => b.disabled)).toBe(true);
    const bare = content(parse(await firstViewMarkup('/subscribe', 'en', 'UTC', data({ overview: undefined }))));
    expect(bare.innerHTML).toBe('<h1 class="h4">Subscribe</h1>');
  });

  it.each([
    ['a subscriber', activeSubscription(), 'already-subscribed'],
    ['a non-subscriber', noSubscription, 'plans'],
  ])(
    'is what the app then draws from the same answers, for %s: nothing moves when it takes over',
    async (_, sub, shown) => {
      const { timeZone } = useAppStore.getState().display;
      const view = content(parse(await firstViewMarkup('/subscribe', 'en', timeZone, subscribe(sub))));
      mockFetch([productsRoute(), testPayments, { path: '/api/v1/subscription', body: sub }]);
      renderScreen(<SubscribeScreen />, { url: '/subscribe' });
      await screen.findByTestId(shown);
      await screen.findByTestId('test-mode');
      const app = screen.getByTestId('subscribe-screen').innerHTML.replace(/ data-testid="[^"]*"/g, '');
      expect(app).toBe(view.innerHTML);
    },
  );
});
