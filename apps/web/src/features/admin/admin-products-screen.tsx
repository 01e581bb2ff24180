import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AdminProduct } from '@solstice/contracts';
import { confirmDialog } from '../../lib/popups';
import { useFormatters } from '../../shared/format';
import { QueryView } from '../../shared/ui/states';
import { adminGet, adminSend, errorText } from './admin-api';
import { AdminNav } from './admin-nav';

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
    queryFn: () => adminGet<AdminProduct[]>('/api/v1/admin/products'),
  });
  const change = useMutation({
    mutationFn: ({ method, path, body }: { method: 'POST' | 'PATCH' | 'DELETE'; path: string; body?: unknown }) =>
      adminSend(method, path, body),
    onSettled: () => void client.invalidateQueries({ queryKey: ADMIN_PRODUCTS_QUERY_KEY }),
  });
  return (
    <div className="container-fluid py-3" data-testid="admin-products">
      <h1 className="h4">{t('products.title')}</h1>
      <AdminNav />
      {change.isError ? (
        <div className="alert alert-danger py-1 small" role="alert">
          {errorText(change.error)}
        </div>
      ) : null}
      <NewProduct
        onCreate={(name, description) =>
          change.mutate({ method: 'POST', path: '/api/v1/admin/products', body: { name, description } })
        }
      />
      <QueryView query={query} isEmpty={(d) => d.length === 0} empty={t('products.empty')}>
        {(products) => (
          <div className="row g-3">
            {products.map((p) => (
              <div className="col-12 col-lg-6" key={p.id}>
                <ProductCard
                  product={p}
                  busy={change.isPending}
                  send={(m, path, body) => change.mutate({ method: m, path, body })}
                />
              </div>
            ))}
          </div>
        )}
      </QueryView>
    </div>
  );
}

function NewProduct({ onCreate }: { onCreate: (name: string, description: string) => void }) {
  const { t } = useTranslation('admin');
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return;
    onCreate(name.trim(), description.trim());
    setName('');
    setDescription('');
  };
  return (
    <form className="row g-2 align-items-end mb-3" onSubmit={submit} aria-label={t('products.newProduct')}>
      <div className="col-12 col-md-3">
        <label htmlFor="product-name" className="form-label small mb-1">
          {t('products.newProduct')}
        </label>
        <input
          id="product-name"
          className="form-control form-control-sm"
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
      </div>
      <div className="col-12 col-md-5">
        <label htmlFor="product-description" className="form-label small mb-1">
          {t('products.description')}
        </label>
        <input
          id="product-description"
          className="form-control form-control-sm"
          value={description}
          onChange={(e) => setDescription(e.target.value)}
        />
      </div>
      <div className="col-auto">
        <button type="submit" className="btn btn-outline-primary btn-sm" disabled={!name.trim()}>
          {t('products.addProduct')}
        </button>
      </div>
    </form>
  );
}

type Send = (method: 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown) => void;

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
    send('POST', `/api/v1/admin/products/${p.id}/prices`, { amount: cents, currency: 'usd', interval });
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
            onClick={() => send('PATCH', `/api/v1/admin/products/${p.id}`, { active: !p.active })}
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
                (yes) => yes && send('DELETE', `/api/v1/admin/products/${p.id}`),
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
            <tr>
              <th scope="col">{t('common:table.price')}</th>
              <th scope="col">{t('products.interval')}</th>
              <th scope="col">{t('products.state')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('common:table.actions')}</span>
              </th>
            </tr>
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
                      onClick={() => send('DELETE', `/api/v1/admin/prices/${price.id}`)}
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
          <div>
            <label htmlFor={`price-interval-${p.id}`} className="form-label small mb-1">
              {t('products.every')}
            </label>
            <select
              id={`price-interval-${p.id}`}
              className="form-select form-select-sm"
              value={interval}
              onChange={(e) => setPriceInterval(e.target.value === 'year' ? 'year' : 'month')}
            >
              <option value="month">{t('intervals.month')}</option>
              <option value="year">{t('intervals.year')}</option>
            </select>
          </div>
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
