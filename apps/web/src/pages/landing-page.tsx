import { Suspense, lazy, useEffect, useState } from 'react';
import type { Product } from '@solstice/contracts';
import { api } from '../lib/api-client';
import { formatPrice } from '../lib/money';
import { whenIdle } from '../lib/prefetch';
import { useAppStore } from '../store/app-store';

// The dialogs carry the contract validators (zod): loaded when idle or on first click.
const loadDialogs = () => import('../auth/auth-dialogs');
const AuthDialogs = lazy(loadDialogs);

const FEATURES = [
  {
    title: 'Seasonality that says if it matters',
    body: 'Seasonal chart, pattern, calendar and best trades for any symbol, with win rate, p-value, the result without the best year and against a benchmark.',
  },
  {
    title: 'A scanner that answers as you type',
    body: 'Filter the whole universe with chips or an expression such as rsi14 < 30 and close > sma200.',
  },
  {
    title: 'Market, heatmaps and watchlists',
    body: 'Breadth, sectors and movers; a sector → industry → stock treemap; watchlists kept in your account.',
  },
];

function PricingTeaser() {
  const locale = useAppStore((s) => s.display.locale);
  const [products, setProducts] = useState<Product[] | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    api
      .get<unknown>('/api/v1/products', { background: true, signal: controller.signal })
      .then((body) => {
        const list = Array.isArray(body) ? body : (body as { data?: unknown })?.data;
        setProducts(Array.isArray(list) ? (list as Product[]) : []);
      })
      .catch(() => setProducts([]));
    return () => controller.abort();
  }, []);
  if (!products || products.length === 0) {
    return <p className="text-muted">Plans are billed monthly or yearly; cancel at any time.</p>;
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
                    <strong>{formatPrice(price.amount, price.currency, locale)}</strong> / {price.interval}
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
  useEffect(() => whenIdle(() => void loadDialogs().catch(() => {})), []);
  return (
    <div className="landing">
      <header className="landing__bar">
        <span className="landing__brand">Solstice</span>
        <nav className="ms-auto d-flex gap-2" aria-label="Account">
          <button type="button" className="btn btn-outline-light btn-sm" onClick={() => setShow('login', true)}>
            Log in
          </button>
          <button type="button" className="btn btn-primary btn-sm" onClick={() => setShow('signup', true)}>
            Sign up
          </button>
        </nav>
      </header>
      <main className="landing__main">
        <section className="landing__hero">
          <h1>Know when a stock tends to move, and whether it means anything.</h1>
          <p className="lead">
            Solstice is a stock scanner and seasonality toolkit for traders: seasonal patterns with honest statistics, a
            scanner over the whole market, heatmaps and watchlists that follow you.
          </p>
          <button type="button" className="btn btn-primary btn-lg" onClick={() => setShow('signup', true)}>
            Start now
          </button>
        </section>
        <section className="landing__features row g-3" aria-label="What Solstice does">
          {FEATURES.map((f) => (
            <div className="col-12 col-md-4" key={f.title}>
              <div className="card h-100">
                <div className="card-body">
                  <h2 className="h6">{f.title}</h2>
                  <p className="mb-0 small">{f.body}</p>
                </div>
              </div>
            </div>
          ))}
        </section>
        <section className="landing__pricing" aria-labelledby="pricing-title">
          <h2 id="pricing-title" className="h5">
            Pricing
          </h2>
          <PricingTeaser />
        </section>
      </main>
      <footer className="landing__footer small text-muted">© Solstice · Not investment advice.</footer>
      {(show.login || show.signup) && (
        <Suspense fallback={null}>
          <AuthDialogs />
        </Suspense>
      )}
    </div>
  );
}
