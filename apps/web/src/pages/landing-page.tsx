import { Suspense, lazy, useEffect, useState } from 'react';
import type { Product } from '@solstice/contracts';
import { useTranslation } from 'react-i18next';
import { callApi } from '../lib/api-client';
import { formatPrice } from '../lib/money';
import { useAppStore } from '../store/app-store';
import { PRODUCT_NAME } from '../lib/brand';

// The dialogs carry the contract validators (zod): loaded when idle or on first click.
const loadDialogs = () => import('../auth/auth-dialogs');
const AuthDialogs = lazy(loadDialogs);
const prefetchDialogs = () => void loadDialogs().catch(() => {});

/** The features shown; each one's title and body are the texts `landing:features.<key>`. */
const FEATURES = ['seasonality', 'scanner', 'market'] as const;

function PricingTeaser() {
  const { t } = useTranslation('landing');
  const locale = useAppStore((s) => s.display.locale);
  const [products, setProducts] = useState<Product[] | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    callApi('products', undefined, { background: true, signal: controller.signal })
      .then((body) => {
        const list = Array.isArray(body) ? body : (body as { data?: unknown })?.data;
        setProducts(Array.isArray(list) ? (list as Product[]) : []);
      })
      .catch(() => setProducts([]));
    return () => controller.abort();
  }, []);
  if (!products || products.length === 0) {
    return <p className="text-muted">{t('pricing.teaser')}</p>;
  }
  return (
    <div className="row g-3">
      {products.map((p) => (
        <div className="col-12 col-md-6 col-lg-4" key={p.id}>
          <div className="card h-100">
            <div className="card-body">
              <h3 className="h6">{p.name}</h3>
              <p className="small text-muted">{p.description}</p>
              <ul className="list-unstyled mb-0">
                {p.prices.map((price) => (
                  <li key={price.id}>
                    <strong>{formatPrice(price.amount, price.currency, locale)}</strong> /{' '}
                    {price.interval === 'month' || price.interval === 'year'
                      ? t(`pricing.intervals.${price.interval}`)
                      : price.interval}
                  </li>
                ))}
              </ul>
            </div>
          </div>
        </div>
      ))}
    </div>
  );
}

export default function LandingPage() {
  const { t } = useTranslation('landing');
  const show = useAppStore((s) => s.show);
  const setShow = useAppStore((s) => s.setShow);
  // The dialogs (and the form schemas they validate with) load when a visitor reaches for a
  // button, not on idle: the first load stays within the JavaScript budget (e2e/shell-budget).
  const warm = { onPointerEnter: prefetchDialogs, onFocus: prefetchDialogs, onTouchStart: prefetchDialogs };
  return (
    <div className="landing">
      <header className="landing__bar">
        <span className="landing__brand">{PRODUCT_NAME}</span>
        <nav className="ms-auto d-flex gap-2" aria-label={t('account')}>
          <button
            type="button"
            className="btn btn-outline-light btn-sm"
            {...warm}
            onClick={() => setShow('login', true)}
          >
            {t('logIn')}
          </button>
          <button type="button" className="btn btn-primary btn-sm" {...warm} onClick={() => setShow('signup', true)}>
            {t('signUp')}
          </button>
        </nav>
      </header>
      <main className="landing__main">
        <section className="landing__hero">
          <h1>{t('hero.title')}</h1>
          <p className="lead">{t('hero.lead')}</p>
          <button type="button" className="btn btn-primary btn-lg" {...warm} onClick={() => setShow('signup', true)}>
            {t('hero.start')}
          </button>
        </section>
        <section className="landing__features row g-3" aria-label={t('features.label')}>
          {FEATURES.map((f) => (
            <div className="col-12 col-md-4" key={f}>
              <div className="card h-100">
                <div className="card-body">
                  <h2 className="h6">{t(`features.${f}.title`)}</h2>
                  <p className="mb-0 small">{t(`features.${f}.body`)}</p>
                </div>
              </div>
            </div>
          ))}
        </section>
        <section className="landing__pricing" aria-labelledby="pricing-title">
          <h2 id="pricing-title" className="h5">
            {t('pricing.title')}
          </h2>
          <PricingTeaser />
        </section>
      </main>
      <footer className="landing__footer small text-muted">{t('footer')}</footer>
      {(show.login || show.signup) && (
        <Suspense fallback={null}>
          <AuthDialogs />
        </Suspense>
      )}
    </div>
  );
}
