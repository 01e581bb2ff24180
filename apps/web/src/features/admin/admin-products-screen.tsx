import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AdminProduct } from '@solstice/contracts';
import { confirmDialog } from '../../shared/lib/popups';
import { useFormatters } from '../../shared/format';
import { QueryView } from '../../shared/ui/states';
import { SubmitColumn, TextField } from '../../shared/ui/fields';
import { SelectField } from '../../shared/select-field';
import { adminGet, adminSend, errorText } from './admin-api';
import { AdminPage } from '../../shared/components/admin-nav';
import { useDraft } from './use-draft';
import { HeaderRow } from '../../shared/tables/headers';

export const ADMIN_PRODUCTS_QUERY_KEY = ['admin-products'] as const;

/** "29" or "29.5" or "29,50" (dollars) → 2900 cents; null when it is not an amount. */
export function toCents(text: string): number | null {
  const t = text.trim().replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return null;
  const cents = Math.round(Number(t) * 100);
  return cents > 0 ? cents : null;
}

/** /admin/products: the plans, their prices, new products and prices, retiring and hiding them. */
export function AdminProductsScreen() {
  const { t } = useTranslation('admin');
  const client = useQueryClient();
  const query = useQuery({
    queryKey: ADMIN_PRODUCTS_QUERY_KEY,
    queryFn: () => adminGet('adminProducts'),
  });
  const change = useMutation({
    mutationFn: (call: () => Promise<unknown>) => call(),
    onSettled: () => void client.invalidateQueries({ queryKey: ADMIN_PRODUCTS_QUERY_KEY }),
  });
  return (
    <AdminPage title={t('products.title')} testId="admin-products">
      {change.isError ? (
        <div className="alert alert-danger py-1 small" role="alert">
          {errorText(change.error)}
        </div>
      ) : null}
      <NewProduct
        onCreate={(name, description) =>
          change.mutate(() => adminSend('adminProductCreate', { body: { name, description } }))
        }
      />
      <QueryView query={query} isEmpty={(d) => d.length === 0} empty={t('products.empty')}>
        {(products) => (
          <div className="row g-3">
            {products.map((p) => (
              <div className="col-12 col-lg-6" key={p.id}>
                <ProductCard product={p} busy={change.isPending} send={(call) => change.mutate(call)} />
              </div>
            ))}
          </div>
        )}
      </QueryView>
    </AdminPage>
  );
}

function NewProduct({ onCreate }: { onCreate: (name: string, description: string) => void }) {
  const { t } = useTranslation('admin');
  const { inputs, trimmed, reset } = useDraft({ name: '', description: '' });
  const { name, description } = trimmed();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!name) return;
    onCreate(name, description);
    reset();
  };
  return (
    <form className="row g-2 align-items-end mb-3" onSubmit={submit} aria-label={t('products.newProduct')}>
      <TextField id="product-name" label={t('products.newProduct')} className="col-12 col-md-3" {...inputs.name} />
      <TextField
        id="product-description"
        label={t('products.description')}
        className="col-12 col-md-5"
        {...inputs.description}
      />
      <SubmitColumn outline disabled={!name}>
        {t('products.addProduct')}
      </SubmitColumn>
    </form>
  );
}

const INTERVALS = ['month', 'year'] as const;

/** Runs one change of the catalogue (an adminSend call), then refreshes the list. */
type Send = (call: () => Promise<unknown>) => void;

function ProductCard({ product: p, busy, send }: { product: AdminProduct; busy: boolean; send: Send }) {
  const { t } = useTranslation(['admin', 'common']);
  const f = useFormatters();
  const [amount, setAmount] = useState('');
  const [interval, setPriceInterval] = useState<'month' | 'year'>('month');
  const [amountError, setAmountError] = useState(false);
  const addPrice = (e: FormEvent) => {
    e.preventDefault();
    const cents = toCents(amount);
    if (cents === null) return setAmountError(true);
    setAmountError(false);
    setAmount('');
    send(() =>
      adminSend('adminPriceAdd', { params: { id: p.id }, body: { amount: cents, currency: 'usd', interval } }),
    );
  };
  const titleId = `product-${p.id}-title`;
  return (
    <section className="card h-100" aria-labelledby={titleId} data-testid={`product-${p.id}`}>
      <div className="card-body">
        <div className="d-flex align-items-start gap-2">
          <h2 className="h6 me-auto" id={titleId}>
            {p.name} {p.active ? null : <span className="badge text-bg-secondary">{t('products.hidden')}</span>}
          </h2>
          <button
            type="button"
            className="btn btn-outline-secondary btn-sm py-0"
            disabled={busy}
            onClick={() =>
              send(() => adminSend('adminProductUpdate', { params: { id: p.id }, body: { active: !p.active } }))
            }
          >
            {p.active ? t('products.hide') : t('products.show')}
          </button>
          <button
            type="button"
            className="btn btn-outline-danger btn-sm py-0"
            disabled={busy}
            aria-label={t('products.deleteLabel', { name: p.name })}
            onClick={() =>
              void confirmDialog(t('products.deleteConfirm', { name: p.name })).then(
                (yes) => yes && send(() => adminSend('adminProductDelete', { params: { id: p.id } })),
              )
            }
          >
            {t('common:actions.delete')}
          </button>
        </div>
        <p className="small text-muted">{p.description || t('products.noDescription')}</p>
        <table className="table table-sm small mb-2">
          <caption className="visually-hidden">{t('products.pricesOf', { name: p.name })}</caption>
          <thead>
            <HeaderRow
              labels={[t('common:table.price'), t('products.interval'), t('products.state')]}
              actions={t('common:table.actions')}
            />
          </thead>
          <tbody>
            {p.prices.map((price) => (
              <tr key={price.id}>
                <td>{f.money(price.amount, price.currency)}</td>
                <td>
                  {price.interval === 'month' || price.interval === 'year'
                    ? t(`intervals.${price.interval}`)
                    : price.interval}
                </td>
                <td>{price.active ? t('products.onSale') : t('products.retired')}</td>
                <td className="text-end">
                  {price.active ? (
                    <button
                      type="button"
                      className="btn btn-link btn-sm p-0"
                      disabled={busy}
                      onClick={() => send(() => adminSend('adminPriceRetire', { params: { id: price.id } }))}
                    >
                      {t('products.retire')}
                    </button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <form
          className="d-flex flex-wrap gap-2 align-items-end"
          onSubmit={addPrice}
          noValidate
          aria-label={t('products.newPriceFor', { name: p.name })}
        >
          <div>
            <label htmlFor={`price-amount-${p.id}`} className="form-label small mb-1">
              {t('products.newPrice')}
            </label>
            <input
              id={`price-amount-${p.id}`}
              className={`form-control form-control-sm${amountError ? ' is-invalid' : ''}`}
              inputMode="decimal"
              value={amount}
              aria-invalid={amountError ? true : undefined}
              aria-describedby={amountError ? `price-amount-${p.id}-error` : undefined}
              onChange={(e) => setAmount(e.target.value)}
            />
          </div>
          <SelectField
            id={`price-interval-${p.id}`}
            label={t('products.every')}
            className=""
            value={interval}
            options={INTERVALS.map((i) => ({ value: i, label: t(`intervals.${i}`) }))}
            onChange={(value) => setPriceInterval(value === 'year' ? 'year' : 'month')}
          />
          <button type="submit" className="btn btn-outline-primary btn-sm" disabled={busy}>
            {t('products.addPrice')}
          </button>
          {amountError ? (
            <div className="w-100 small text-danger" id={`price-amount-${p.id}-error`}>
              {t('products.amountError')}
            </div>
          ) : null}
        </form>
      </div>
    </section>
  );
}

export default AdminProductsScreen;
