import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { payRequestSchema, type PayResponse, type Product } from '@solstice/contracts';
import { apiQueryPost } from '../../shared/api';
import type { Formatters } from '../../shared/format';
import { markSubscriber } from '../../shared/shell';
import { premiumAccessKey } from '../../shared/ui/premium-gate';

export function findPrice(products: Product[] | undefined, priceId: number) {
  for (const p of products ?? []) {
    const price = p.prices.find((x) => x.id === priceId);
    if (price) return { product: p, price };
  }
  return null;
}

export function CheckoutForm({
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
