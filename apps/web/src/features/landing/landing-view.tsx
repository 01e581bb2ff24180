import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PRODUCT_NAME } from '../../shared/lib/brand';

/** The features shown; each one's title and body are the texts `landing:features.<key>`. */
const FEATURES = ['seasonality', 'scanner', 'market'] as const;

/** What the landing page's buttons do; without them (the markup the server sends first) they are disabled. */
export interface LandingActions {
  logIn(): void;
  signUp(): void;
  /** A visitor reaching for a button: the dialogs start loading. */
  warm(): void;
}

export interface LandingViewProps {
  actions?: LandingActions;
  pricing: ReactNode;
  children?: ReactNode;
}

interface LandingButtonProps {
  className: string;
  actions: LandingActions | undefined;
  onClick: (() => void) | undefined;
  children: ReactNode;
}

function LandingButton({ className, actions, onClick, children }: LandingButtonProps) {
  const warm = actions && { onPointerEnter: actions.warm, onFocus: actions.warm, onTouchStart: actions.warm };
  return (
    <button type="button" className={`btn ${className}`} disabled={!actions} {...warm} onClick={onClick}>
      {children}
    </button>
  );
}

/**
 * The landing page's markup, with no state of its own: the page renders it in the browser and
 * the web build renders it per language into the HTML the server sends (scripts/prerender-pages.mjs),
 * so the hero paints before any JavaScript has run.
 */
export function LandingView({ actions, pricing, children }: LandingViewProps) {
  const { t } = useTranslation('landing');
  return (
    <div className="landing">
      <header className="landing__bar">
        <span className="landing__brand">{PRODUCT_NAME}</span>
        <nav className="ms-auto d-flex gap-2" aria-label={t('account')}>
          <LandingButton className="btn-outline-light btn-sm" actions={actions} onClick={actions?.logIn}>
            {t('logIn')}
          </LandingButton>
          <LandingButton className="btn-primary btn-sm" actions={actions} onClick={actions?.signUp}>
            {t('signUp')}
          </LandingButton>
        </nav>
      </header>
      <main className="landing__main">
        <section className="landing__hero">
          <h1>{t('hero.title')}</h1>
          <p className="lead">{t('hero.lead')}</p>
          <LandingButton className="btn-primary btn-lg" actions={actions} onClick={actions?.signUp}>
            {t('hero.start')}
          </LandingButton>
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
          {pricing}
        </section>
      </main>
      <footer className="landing__footer small text-muted">{t('footer')}</footer>
      {children}
    </div>
  );
}

/** The pricing section before the plans are known (and when there are none). */
export function PricingPlaceholder() {
  const { t } = useTranslation('landing');
  return <p className="text-muted">{t('pricing.teaser')}</p>;
}
