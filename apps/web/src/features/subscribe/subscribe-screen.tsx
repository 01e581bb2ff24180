import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import type { PayResponse, PaymentsConfig, Product, SubscriptionResponse } from '@solstice/contracts';
import { apiPost } from '../../shared/api';
import { useFormatters, type Formatters } from '../../shared/format';
import { useUrlState } from '../../shared/ui/url-state';
import { QueryView } from '../../shared/ui/states';
import { findPrice, CheckoutForm } from './checkout-form';
import { paymentsConfigQuery, productsQuery, subscriptionQuery } from './subscribe-queries';

const KEYS = ['priceId', 'sessionId'] as const;

export function SubscribeScreen() {
  const { t } = useTranslation('subscribe');
  const f = useFormatters();
  const [url, setUrl] = useUrlState(KEYS);
  const products = useQuery(productsQuery);
  const config = useQuery(paymentsConfigQuery);
  const subscription = useQuery(subscriptionQuery);
  const [paid, setPaid] = useState<PayResponse | null>(null);
  const checkout = useMutation({
    mutationFn: (priceId: number) => apiPost('checkout', { body: { priceId } }),
    onSuccess: (res, priceId) => {
      if (res.provider === 'stripe') {
        window.location.assign(res.url);
        return;
      }
      setUrl({ priceId, sessionId: res.sessionId });
    },
  });

  // The server takes no payments (production without a provider): say so before anyone picks a plan.
  const paymentsOff = config.data?.provider === 'none';
  return (
    <div className="container-fluid py-3" data-testid="subscribe-screen">
      <SubscribeHeading provider={config.data?.provider} />
      {paid?.status === 'paid' ? (
        <PaymentResult message={paid.message} />
      ) : subscription.data && isActive(subscription.data) && !url.sessionId ? (
        <AlreadySubscribed subscription={subscription.data} f={f} />
      ) : url.sessionId ? (
        <CheckoutForm
          sessionId={url.sessionId}
          price={findPrice(products.data, Number(url.priceId))}
          f={f}
          testMode={config.data?.provider === undefined || config.data.provider === 'test'}
          onPaid={setPaid}
          onCancel={() => setUrl({ priceId: null, sessionId: null })}
        />
      ) : (
        <>
          {paymentsOff ? <PaymentsOff /> : null}
          <QueryView query={products} isEmpty={(d) => d.every((p) => p.prices.length === 0)} empty={t('empty')}>
            {(data) => (
              <Plans
                products={data}
                f={f}
                busy={checkout.isPending || paymentsOff}
                onChoose={(priceId) => checkout.mutate(priceId)}
              />
            )}
          </QueryView>
        </>
      )}
    </div>
  );
}

const isActive = (subscription: SubscriptionResponse) =>
  subscription.status === 'active' || subscription.status === 'past_due';

function SubscribeHeading({ provider }: { provider: PaymentsConfig['provider'] | undefined }) {
  const { t } = useTranslation('subscribe');
  return (
    <div className="d-flex align-items-center gap-2 mb-2">
      <h1 className="h4 mb-0">{t('title')}</h1>
      {provider === 'test' ? (
        <span className="badge text-bg-warning" data-testid="test-mode">
          {t('testMode')}
        </span>
      ) : null}
    </div>
  );
}

function AlreadySubscribed({ subscription, f }: { subscription: SubscriptionResponse; f: Formatters }) {
  const { t } = useTranslation('subscribe');
  return (
    <div className="alert alert-success" data-testid="already-subscribed">
      {subscription.product
        ? t('already.subscribedTo', { product: subscription.product.name })
        : t('already.subscribed')}
      {subscription.currentPeriodEnd
        ? t(subscription.cancelAtPeriodEnd ? 'already.ends' : 'already.renews', {
            date: f.instant(subscription.currentPeriodEnd),
          })
        : ''}
      <Trans t={t} i18nKey="already.manage" components={{ profile: <Link to="/profile" /> }} />
    </div>
  );
}

function PaymentsOff() {
  const { t } = useTranslation('subscribe');
  return (
    <div className="alert alert-warning" role="status" data-testid="payments-off">
      {t('paymentsOff')}
    </div>
  );
}

/**
 * What the screen first draws from its three answers (no checkout under way): the heading, then
 * a subscriber's notice, or the plans. The server draws it into the page from the page's data
 * (app/prerender/first-view.tsx), so that it is there before the scripts run and the screen,
 * drawing the same from the same answers, takes its place without moving it. Without plans on
 * sale, nothing below the heading: the screen says so in its own words.
 */
export function SubscribeFirstView({
  subscription,
  config,
  products,
  f,
}: {
  subscription: SubscriptionResponse;
  config: PaymentsConfig;
  products: Product[];
  f: Formatters;
}) {
  const paymentsOff = config.provider === 'none';
  const plansOnSale = products.some((p) => p.prices.length > 0);
  return (
    <>
      <SubscribeHeading provider={config.provider} />
      {isActive(subscription) ? (
        <AlreadySubscribed subscription={subscription} f={f} />
      ) : (
        <>
          {paymentsOff ? <PaymentsOff /> : null}
          {plansOnSale ? <Plans products={products} f={f} busy={paymentsOff} onChoose={() => {}} /> : null}
        </>
      )}
    </>
  );
}

function Plans({
  products,
  f,
  busy,
  onChoose,
}: {
  products: Product[];
  f: Formatters;
  busy: boolean;
  onChoose: (priceId: number) => void;
}) {
  const { t } = useTranslation('subscribe');
  return (
    <>
      <p>{t('plans.intro')}</p>
      <div className="row g-3" data-testid="plans">
        {products.flatMap((p) =>
          p.prices.map((price) => (
            <div key={price.id} className="col-12 col-md-6 col-xl-4">
              <section className="card h-100" aria-label={t(`plans.label.${price.interval}`, { name: p.name })}>
                <div className="card-body d-flex flex-column">
                  <h2 className="h5">{p.name}</h2>
                  <p className="text-muted small">{p.description}</p>
                  <p className="fs-4 fw-semibold mb-3">
                    {f.money(price.amount, price.currency)}{' '}
                    <span className="fs-6 fw-normal text-muted">{t(`plans.per.${price.interval}`)}</span>
                  </p>
                  <button
                    type="button"
                    className="btn btn-primary mt-auto"
                    disabled={busy}
                    onClick={() => onChoose(price.id)}
                  >
                    {t('plans.choose', { name: p.name })}
                  </button>
                </div>
              </section>
            </div>
          )),
        )}
      </div>
    </>
  );
}

function PaymentResult({ message }: { message: string }) {
  const { t } = useTranslation('subscribe');
  return (
    <div className="alert alert-success" role="status" data-testid="payment-result">
      <h2 className="h5">{t('result.welcome')}</h2>
      <p>{message}</p>
      <p className="mb-0">
        <Trans
          t={t}
          i18nKey="result.next"
          components={{
            seascan: <Link to="/seasonality/scanner" />,
            scanner: <Link to="/scanner" />,
            dashboard: <Link to="/dashboard" />,
          }}
        />
      </p>
    </div>
  );
}

export default SubscribeScreen;
