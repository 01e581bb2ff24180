import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import {
  payRequestSchema,
  type CheckoutResponse,
  type PayResponse,
  type PaymentsConfig,
  type Product,
  type SubscriptionResponse,
} from '@solstice/contracts';
import { apiGet, apiPost, apiQueryPost, retryServerErrors } from '../api';
import { useFormatters, type Formatters } from '../format';
import { markSubscriber } from '../shell';
import { useUrlState } from '../ui/url-state';
import { QueryView } from '../ui/states';
import { premiumAccessKey } from '../ui/premium-gate';

const KEYS = ['priceId', 'sessionId'] as const;

export function SubscribeScreen() {
  const f = useFormatters();
  const [url, setUrl] = useUrlState(KEYS);
  const products = useQuery({
    queryKey: ['products'],
    retry: retryServerErrors,
    queryFn: () => apiGet<Product[]>('/api/v1/products'),
    staleTime: 5 * 60_000,
  });
  const config = useQuery({
    queryKey: ['payments-config'],
    retry: retryServerErrors,
    queryFn: () =>
      apiGet<PaymentsConfig>('/api/v1/payments/config', undefined, {
        background: true,
      }),
    staleTime: Infinity,
  });
  const subscription = useQuery({
    queryKey: ['subscription'],
    retry: retryServerErrors,
    queryFn: () => apiGet<SubscriptionResponse>('/api/v1/subscription'),
  });
  const [paid, setPaid] = useState<PayResponse | null>(null);
  const checkout = useMutation({
    mutationFn: (priceId: number) => apiPost<CheckoutResponse>('/api/v1/checkout', { priceId }),
    onSuccess: (res, priceId) => {
      if (res.provider === 'stripe') {
        window.location.assign(res.url);
        return;
      }
      setUrl({ priceId, sessionId: res.sessionId });
    },
  });

  const active =
    subscription.data && (subscription.data.status === 'active' || subscription.data.status === 'past_due');
  // The server takes no payments (production without a provider): say so before anyone picks a plan.
  const paymentsOff = config.data?.provider === 'none';
  return (
    <div className="container-fluid py-3" data-testid="subscribe-screen">
      <div className="d-flex align-items-center gap-2 mb-2">
        <h1 className="h4 mb-0">Subscribe</h1>
        {config.data?.provider === 'test' ? (
          <span className="badge text-bg-warning" data-testid="test-mode">
            {config.data.label || 'Test mode'}
          </span>
        ) : null}
      </div>
      {paid?.status === 'paid' ? (
        <PaymentResult message={paid.message} />
      ) : active && !url.sessionId ? (
        <div className="alert alert-success" data-testid="already-subscribed">
          You are subscribed{subscription.data?.product ? ` to ${subscription.data.product.name}` : ''}
          {subscription.data?.currentPeriodEnd
            ? `; ${subscription.data.cancelAtPeriodEnd ? 'it ends' : 'it renews'} on ${f.instant(subscription.data.currentPeriodEnd)}`
            : ''}
          . Manage it in your <Link to="/profile">profile</Link>.
        </div>
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
          {paymentsOff ? (
            <div className="alert alert-warning" role="status" data-testid="payments-off">
              Payments are not configured on this server, so subscriptions cannot be bought right now. Please try again
              later.
            </div>
          ) : null}
          <QueryView
            query={products}
            isEmpty={(d) => d.every((p) => p.prices.length === 0)}
            empty="No plan is on sale right now."
          >
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

function findPrice(products: Product[] | undefined, priceId: number) {
  for (const p of products ?? []) {
    const price = p.prices.find((x) => x.id === priceId);
    if (price) return { product: p, price };
  }
  return null;
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
  return (
    <>
      <p>
        Subscribers get the seasonality tools (seasonal chart, pattern, calendar, best trades, seasonality scanner) and
        the stock scanner.
      </p>
      <div className="row g-3" data-testid="plans">
        {products.flatMap((p) =>
          p.prices.map((price) => (
            <div key={price.id} className="col-12 col-md-6 col-xl-4">
              <section className="card h-100" aria-label={`${p.name} ${price.interval}ly`}>
                <div className="card-body d-flex flex-column">
                  <h2 className="h5">{p.name}</h2>
                  <p className="text-muted small">{p.description}</p>
                  <p className="fs-4 fw-semibold mb-3">
                    {f.money(price.amount, price.currency)}{' '}
                    <span className="fs-6 fw-normal text-muted">per {price.interval}</span>
                  </p>
                  <button
                    type="button"
                    className="btn btn-primary mt-auto"
                    disabled={busy}
                    onClick={() => onChoose(price.id)}
                  >
                    Choose {p.name}
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

function CheckoutForm({
  sessionId,
  price,
  f,
  testMode,
  onPaid,
  onCancel,
}: {
  sessionId: string;
  price: ReturnType<typeof findPrice>;
  f: Formatters;
  testMode: boolean;
  onPaid: (r: PayResponse) => void;
  onCancel: () => void;
}) {
  const client = useQueryClient();
  const [values, setValues] = useState({ cardNumber: '', expiry: '', cvc: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const pay = useMutation({
    // background: a declined card is an answer, not a popup; the result shows here
    mutationFn: (body: typeof values) =>
      apiQueryPost<PayResponse>(`/api/v1/checkout/${encodeURIComponent(sessionId)}/pay`, body, { background: true }),
    onSuccess: (res) => {
      if (res.status === 'paid') {
        markSubscriber();
        void client.invalidateQueries({ queryKey: premiumAccessKey });
        void client.invalidateQueries({ queryKey: ['subscription'] });
        void client.invalidateQueries({ queryKey: ['me'] });
        // the shell's session (GET /api/me) carries the subscriber flag
        void client.invalidateQueries({ queryKey: ['session'] });
        onPaid(res);
      }
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = payRequestSchema.safeParse(values);
    const problems: Record<string, string> = {};
    if (!parsed.success) for (const issue of parsed.error.issues) problems[String(issue.path[0])] ??= issue.message;
    setErrors(problems);
    if (Object.keys(problems).length === 0) pay.mutate(values);
  };
  const field = (
    key: keyof typeof values,
    label: string,
    props: { autoComplete: string; placeholder: string; inputMode: 'numeric' },
  ) => (
    <div className="mb-2">
      <label htmlFor={`pay-${key}`} className="form-label small mb-1">
        {label}
      </label>
      <input
        id={`pay-${key}`}
        className={`form-control${errors[key] ? ' is-invalid' : ''}`}
        value={values[key]}
        aria-describedby={errors[key] ? `pay-${key}-error` : undefined}
        onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.value }))}
        {...props}
      />
      {errors[key] ? (
        <div className="invalid-feedback" id={`pay-${key}-error`}>
          {errors[key]}
        </div>
      ) : null}
    </div>
  );
  return (
    <section className="card" style={{ maxWidth: '28rem' }} aria-labelledby="checkout-title" data-testid="checkout">
      <div className="card-body">
        <h2 className="h5" id="checkout-title">
          Checkout
          {testMode ? <span className="badge text-bg-warning ms-2">Test mode</span> : null}
        </h2>
        {price ? (
          <p>
            {price.product.name}: <strong>{f.money(price.price.amount, price.price.currency)}</strong> per{' '}
            {price.price.interval}
          </p>
        ) : null}
        {testMode ? (
          <p className="small text-muted">
            No real payment is made. Card 4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined. Any future expiry
            and any 3-digit code.
          </p>
        ) : null}
        <form onSubmit={submit} noValidate aria-label="Payment">
          {field('cardNumber', 'Card number', {
            autoComplete: 'cc-number',
            placeholder: '4242 4242 4242 4242',
            inputMode: 'numeric',
          })}
          <div className="row g-2">
            <div className="col-6">
              {field('expiry', 'Expiry (MM/YY)', {
                autoComplete: 'cc-exp',
                placeholder: 'MM/YY',
                inputMode: 'numeric',
              })}
            </div>
            <div className="col-6">
              {field('cvc', 'CVC', { autoComplete: 'cc-csc', placeholder: '123', inputMode: 'numeric' })}
            </div>
          </div>
          {pay.data?.status === 'declined' ? (
            <div className="alert alert-danger py-2" role="alert" data-testid="payment-declined">
              {pay.data.message}
            </div>
          ) : null}
          {pay.isError ? (
            <div className="alert alert-danger py-2" role="alert">
              {(pay.error as Error).message}
            </div>
          ) : null}
          <div className="d-flex gap-2">
            <button type="submit" className="btn btn-primary" disabled={pay.isPending}>
              Pay
            </button>
            <button type="button" className="btn btn-outline-secondary" onClick={onCancel}>
              Back to the plans
            </button>
          </div>
        </form>
      </div>
    </section>
  );
}

function PaymentResult({ message }: { message: string }) {
  return (
    <div className="alert alert-success" role="status" data-testid="payment-result">
      <h2 className="h5">Welcome aboard!</h2>
      <p>{message}</p>
      <p className="mb-0">
        Start with the <Link to="/seasonality/scanner">seasonality scanner</Link>, the{' '}
        <Link to="/scanner">stock scanner</Link> or your <Link to="/dashboard">dashboard</Link>.
      </p>
    </div>
  );
}

export default SubscribeScreen;
