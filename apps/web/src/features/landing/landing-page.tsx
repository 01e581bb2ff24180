import { Suspense, lazy, useEffect, useMemo, useState } from 'react';
import type { Product } from '@solstice/contracts';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../shared/lib/api-client';
import { formatPrice } from '../../shared/lib/money';
import { useAppStore } from '../../shared/store/app-store';
import { LandingView, PricingPlaceholder, type LandingActions } from './landing-view';

// The dialogs carry the contract validators (zod): loaded when idle or on first click.
const loadDialogs = () => import('../../shared/auth/auth-dialogs');
const AuthDialogs = lazy(loadDialogs);
const prefetchDialogs = () => void loadDialogs().catch(() => {});

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
  if (!products || products.length === 0) return <PricingPlaceholder />;
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
  const show = useAppStore((s) => s.show);
  const setShow = useAppStore((s) => s.setShow);
  // The dialogs (and the form schemas they validate with) load when a visitor reaches for a
  // button, not on idle: the first load stays within the JavaScript budget (e2e/shell-budget).
  const actions = useMemo<LandingActions>(
    () => ({ logIn: () => setShow('login', true), signUp: () => setShow('signup', true), warm: prefetchDialogs }),
    [setShow],
  );
  return (
    <LandingView actions={actions} pricing={<PricingTeaser />}>
      {(show.login || show.signup) && (
        <Suspense fallback={null}>
          <AuthDialogs />
        </Suspense>
      )}
    </LandingView>
  );
}
