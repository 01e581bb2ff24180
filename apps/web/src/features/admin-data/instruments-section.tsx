import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { instrumentCreateSchema, type AdminDataResponse } from '@solstice/contracts';
import { serverFieldErrors } from '../../auth/auth-form';
import { apiQuietDelete, apiQuietPost } from '../../shared/api';
import type { Formatters } from '../../shared/format';
import { Modal } from '../../shared/shell';
import { DataTable, type Column } from '../../shared/tables/data-table';
import { ADMIN_DATA_QUERY_KEY } from './admin-data-key';

type Instrument = AdminDataResponse['instruments'][number];

/** The contract's symbol messages (symbolSchema), by their key in `admin:data.errors`. */
const SYMBOL_ERRORS = {
  'expected a symbol': 'symbolRequired',
  'a symbol has at most 20 characters': 'symbolTooLong',
  'a symbol has only letters, digits, ".", "-", "^" or "="': 'symbolCharacters',
} as const;

function symbolErrorKey(message: string): (typeof SYMBOL_ERRORS)[keyof typeof SYMBOL_ERRORS] | undefined {
  return Object.hasOwn(SYMBOL_ERRORS, message) ? SYMBOL_ERRORS[message as keyof typeof SYMBOL_ERRORS] : undefined;
}

export function InstrumentsSection({
  instruments,
  f,
  onAdded,
}: {
  instruments: Instrument[];
  f: Formatters;
  onAdded: () => void;
}) {
  const { t } = useTranslation(['admin', 'common']);
  const [removing, setRemoving] = useState<Instrument | null>(null);
  const columns: Column<Instrument>[] = [
    { key: 'symbol', label: t('common:table.symbol'), csvLabel: 'Symbol', text: (r) => r.symbol },
    { key: 'name', label: t('common:table.name'), csvLabel: 'Name', text: (r) => r.name },
    {
      key: 'source',
      label: t('data.instruments.data'),
      csvLabel: 'Data',
      text: (r) => (r.synthetic ? t('data.instruments.demo') : t('data.instruments.real')),
      csvValue: (r) => (r.synthetic ? 'Demo' : 'Real'),
    },
    {
      key: 'tracked',
      label: t('data.instruments.updates'),
      csvLabel: 'Updates',
      text: (r) => (r.tracked ? t('data.instruments.updated') : t('data.instruments.removed')),
      csvValue: (r) => (r.tracked ? 'Updated' : 'Removed (history kept)'),
    },
    {
      key: 'firstBar',
      label: t('data.instruments.firstBar'),
      csvLabel: 'First bar',
      sortValue: (r) => r.firstBar,
      text: (r) => f.date(r.firstBar),
      csvValue: (r) => r.firstBar,
    },
    {
      key: 'lastBar',
      label: t('data.instruments.lastBar'),
      csvLabel: 'Last bar',
      sortValue: (r) => r.lastBar,
      text: (r) => f.date(r.lastBar),
      csvValue: (r) => r.lastBar,
    },
    {
      key: 'bars',
      label: t('data.instruments.bars'),
      csvLabel: 'Bars',
      align: 'end',
      sortValue: (r) => r.bars,
      text: (r) => String(r.bars),
    },
    {
      key: 'remove',
      label: t('common:actions.remove'),
      csv: false,
      text: () => '',
      render: (r) => (
        <button
          type="button"
          className="btn btn-sm btn-outline-danger py-0"
          aria-label={t('data.instruments.removeLabel', { symbol: r.symbol })}
          onClick={() => setRemoving(r)}
        >
          {t('data.instruments.removeButton')}
        </button>
      ),
    },
  ];
  return (
    <section className="mt-4" aria-labelledby="instruments-title">
      <h2 className="h6" id="instruments-title">
        {t('data.instruments.title')}
      </h2>
      <AddTicker onAdded={onAdded} />
      <DataTable
        rows={instruments}
        columns={columns}
        rowKey={(r) => r.symbol}
        caption={t('data.instruments.title')}
        filename="instruments.csv"
        initialSort={{ key: 'symbol', desc: false }}
        testId="data-instruments"
      />
      <RemoveDialog instrument={removing} onClose={() => setRemoving(null)} />
    </section>
  );
}

function AddTicker({ onAdded }: { onAdded: () => void }) {
  const { t } = useTranslation('admin');
  const client = useQueryClient();
  const [values, setValues] = useState({ symbol: '', name: '', type: 'stock' });
  const [errors, setErrors] = useState<{ symbol?: string; name?: string }>({});
  const [added, setAdded] = useState<string | null>(null);
  const add = useMutation({
    mutationFn: (body: { symbol: string; name?: string; type: string }) =>
      apiQuietPost<{ data: { symbol: string; job: string } }>('/api/v1/admin/instruments', body),
    onSuccess: (res) => {
      setAdded(res.data.symbol);
      setValues({ symbol: '', name: '', type: 'stock' });
      void client.invalidateQueries({ queryKey: ADMIN_DATA_QUERY_KEY });
      onAdded();
    },
    onError: (error) => setErrors(serverFieldErrors(error, ['symbol', 'name'] as const)),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setAdded(null);
    const parsed = instrumentCreateSchema.safeParse({
      symbol: values.symbol,
      type: values.type,
      ...(values.name.trim() ? { name: values.name } : {}),
    });
    if (!parsed.success) {
      const problems: { symbol?: string; name?: string } = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0]);
        if ((key === 'symbol' || key === 'name') && !problems[key]) problems[key] = issue.message;
      }
      setErrors(problems);
      return;
    }
    setErrors({});
    add.mutate(parsed.data);
  };
  const fieldError = errors.symbol ?? errors.name;
  // The contract's own symbol messages in the interface's language; others (the server's) as given.
  const message = (text: string) => {
    const key = symbolErrorKey(text);
    return key ? t(`data.errors.${key}`) : text;
  };
  return (
    <form className="row g-2 align-items-end mb-3" onSubmit={submit} noValidate aria-label={t('data.add.form')}>
      <div className="col-6 col-md-2">
        <label htmlFor="add-symbol" className="form-label small mb-1">
          {t('data.add.ticker')}
        </label>
        <input
          id="add-symbol"
          className={`form-control form-control-sm${errors.symbol ? ' is-invalid' : ''}`}
          value={values.symbol}
          autoComplete="off"
          aria-invalid={errors.symbol ? true : undefined}
          aria-describedby={errors.symbol ? 'add-symbol-error' : undefined}
          onChange={(e) => setValues((v) => ({ ...v, symbol: e.target.value }))}
        />
      </div>
      <div className="col-6 col-md-3">
        <label htmlFor="add-name" className="form-label small mb-1">
          {t('data.add.nameOptional')}
        </label>
        <input
          id="add-name"
          className={`form-control form-control-sm${errors.name ? ' is-invalid' : ''}`}
          value={values.name}
          autoComplete="off"
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? 'add-name-error' : undefined}
          onChange={(e) => setValues((v) => ({ ...v, name: e.target.value }))}
        />
      </div>
      <div className="col-6 col-md-2">
        <label htmlFor="add-type" className="form-label small mb-1">
          {t('data.add.type')}
        </label>
        <select
          id="add-type"
          className="form-select form-select-sm"
          value={values.type}
          onChange={(e) => setValues((v) => ({ ...v, type: e.target.value }))}
        >
          <option value="stock">{t('data.add.types.stock')}</option>
          <option value="etf">{t('data.add.types.etf')}</option>
          <option value="index">{t('data.add.types.index')}</option>
        </select>
      </div>
      <div className="col-6 col-md-auto">
        <button type="submit" className="btn btn-outline-primary btn-sm" disabled={add.isPending}>
          {t('data.add.submit')}
        </button>
      </div>
      <div className="col-12 small" role="status">
        {errors.symbol ? (
          <span className="text-danger" id="add-symbol-error">
            {message(errors.symbol)}
          </span>
        ) : errors.name ? (
          <span className="text-danger" id="add-name-error">
            {message(errors.name)}
          </span>
        ) : add.isError && !fieldError ? (
          <span className="text-danger">{(add.error as Error).message}</span>
        ) : added ? (
          <span>{t('data.add.added', { symbol: added })}</span>
        ) : null}
      </div>
    </form>
  );
}

function RemoveDialog({ instrument, onClose }: { instrument: Instrument | null; onClose: () => void }) {
  const { t } = useTranslation(['admin', 'common']);
  const client = useQueryClient();
  const [purge, setPurge] = useState(false);
  const remove = useMutation({
    mutationFn: ({ symbol, purge: p }: { symbol: string; purge: boolean }) =>
      apiQuietDelete<void>(`/api/v1/admin/instruments/${encodeURIComponent(symbol)}`, p ? { purge: 'true' } : {}),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ADMIN_DATA_QUERY_KEY });
      setPurge(false);
      onClose();
    },
  });
  const close = () => {
    setPurge(false);
    remove.reset();
    onClose();
  };
  const symbol = instrument?.symbol ?? '';
  return (
    <Modal
      show={instrument !== null}
      title={t('data.remove.title', { symbol })}
      onClose={close}
      testId="remove-instrument"
      footer={
        <>
          <button type="button" className="btn btn-outline-secondary btn-sm" onClick={close}>
            {t('common:actions.cancel')}
          </button>
          <button
            type="button"
            className="btn btn-danger btn-sm"
            disabled={remove.isPending}
            onClick={() => remove.mutate({ symbol, purge })}
          >
            {purge ? t('data.remove.removeAndDelete') : t('common:actions.remove')}
          </button>
        </>
      }
    >
      <p className="small">{t('data.remove.text', { symbol, bars: instrument?.bars ?? 0 })}</p>
      <div className="form-check">
        <input
          id="remove-purge"
          type="checkbox"
          className="form-check-input"
          checked={purge}
          onChange={(e) => setPurge(e.target.checked)}
        />
        <label htmlFor="remove-purge" className="form-check-label small">
          {t('data.remove.purge')}
        </label>
      </div>
      {remove.isError ? (
        <div className="alert alert-danger py-1 small mt-2" role="alert">
          {(remove.error as Error).message}
        </div>
      ) : null}
    </Modal>
  );
}
