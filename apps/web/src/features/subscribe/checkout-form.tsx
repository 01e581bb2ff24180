import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
import { payRequestSchema, type PayResponse, type Product } from '@solstice/contracts';
import { apiQueryPost } from '../../shared/api';
import type { Formatters } from '../../shared/format';
import { markSubscriber } from '../../shared/shell';
import { premiumAccessKey } from '../../shared/ui/premium-gate';
import { messageKey } from '../../shared/message-keys';
import { MessageField } from '../../shared/ui/fields';
import { ErrorAlert } from '../../shared/ui/states';

/** The contract's card messages (payRequestSchema), by their key in `subscribe:checkout.errors`. */
const CARD_ERRORS = {
  'expected a card number': 'cardNumberRequired',
  'a card number has only digits (spaces and dashes are ignored)': 'cardNumberDigits',
  'a card number has 12 to 19 digits': 'cardNumberLength',
  'this card number is not valid (check digit mismatch)': 'cardNumberInvalid',
  'expected an expiry date as MM/YY': 'expiry',
  'expected a security code': 'cvcRequired',
  'the security code has 3 or 4 digits': 'cvcDigits',
} as const;

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
  const { t } = useTranslation('subscribe');
  const client = useQueryClient();
  const [values, setValues] = useState({ cardNumber: '', expiry: '', cvc: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const pay = useMutation({
    // background: a declined card is an answer, not a popup; the result shows here
    mutationFn: (body: typeof values) =>
      apiQueryPost('checkoutPay', { params: { sessionId }, body }, { background: true }),
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
  // The contract's card messages in the interface's language; others as given.
  const message = (text: string) => {
    const key = messageKey(CARD_ERRORS, text);
    return key ? t(`checkout.errors.${key}`) : text;
  };
  const field = (
    key: keyof typeof values,
    label: string,
    props: { autoComplete: string; placeholder: string; inputMode: 'numeric' },
  ) => (
    <MessageField
      id={`pay-${key}`}
      label={label}
      error={errors[key] ? message(errors[key]) : undefined}
      value={values[key]}
      onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.value }))}
      {...props}
    />
  );
  const cardNumberField = field('cardNumber', t('checkout.cardNumber'), {
    autoComplete: 'cc-number',
    placeholder: '4242 4242 4242 4242',
    inputMode: 'numeric',
  });
  const expiryField = field('expiry', t('checkout.expiry'), {
    autoComplete: 'cc-exp',
    placeholder: t('checkout.expiryPlaceholder'),
    inputMode: 'numeric',
  });
  const cvcField = field('cvc', t('checkout.cvc'), {
    autoComplete: 'cc-csc',
    placeholder: '123',
    inputMode: 'numeric',
  });
  return (
    <section className="card" style={{ maxWidth: '28rem' }} aria-labelledby="checkout-title" data-testid="checkout">
      <div className="card-body">
        <h2 className="h5" id="checkout-title">
          {t('checkout.title')}
          {testMode ? <span className="badge text-bg-warning ms-2">{t('testMode')}</span> : null}
        </h2>
        {price ? (
          <p>
            <Trans
              t={t}
              i18nKey={`checkout.price.${price.price.interval}`}
              values={{ product: price.product.name, price: f.money(price.price.amount, price.price.currency) }}
              components={{ strong: <strong /> }}
            />
          </p>
        ) : null}
        {testMode ? <p className="small text-muted">{t('checkout.testCards')}</p> : null}
        <form onSubmit={submit} noValidate aria-label={t('checkout.form')}>
          {cardNumberField}
          <div className="row g-2">
            <div className="col-6">{expiryField}</div>
            <div className="col-6">{cvcField}</div>
          </div>
          {pay.data?.status === 'declined' ? (
            <div className="alert alert-danger py-2" role="alert" data-testid="payment-declined">
              {pay.data.message}
            </div>
          ) : null}
          <ErrorAlert error={pay.error} className="alert alert-danger py-2" />
          <div className="d-flex gap-2">
            <button type="submit" className="btn btn-primary" disabled={pay.isPending}>
              {t('checkout.pay')}
            </button>
            <button type="button" className="btn btn-outline-secondary" onClick={onCancel}>
              {t('checkout.back')}
            </button>
          </div>
        </form>
      </div>
    </section>
  );
}
