import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  instrumentCreateSchema,
  type AdminDataResponse,
  type AssetClass,
  type CalendarName,
  type EndpointBody,
} from '@solstice/contracts';
import { serverFieldErrors } from '../../shared/auth/auth-form';
import { apiQuietDelete, apiQuietPost } from '../../shared/api';
import type { Formatters } from '../../shared/format';
import { Modal } from '../../shared/shell';
import { ConfirmFooter } from '../../shared/ui/confirm-footer';
import { ErrorAlert } from '../../shared/ui/states';
import { SubmitColumn } from '../../shared/ui/fields';
import type { Column } from '../../shared/tables/data-table';
import { countColumn, dangerButtonColumn, timeColumn } from '../../shared/tables/columns';
import { DataSection } from './data-section';
import { CheckField } from '../../shared/check-field';
import { messageKey } from '../../shared/message-keys';
import { ADMIN_DATA_QUERY_KEY } from './admin-data-key';

type Instrument = AdminDataResponse['instruments'][number];

/** The contract's symbol messages (symbolSchema), by their key in `admin:data.errors`. */
const SYMBOL_ERRORS = {
  'expected a symbol': 'symbolRequired',
  'a symbol has at most 20 characters': 'symbolTooLong',
  'a symbol has only letters, digits, ".", "-", "^" or "="': 'symbolCharacters',
} as const;

type StateKey = 'removed' | 'noBars' | 'current' | 'behind' | 'behindOwn';
const CSV_STATES: Record<StateKey, string> = {
  removed: 'Removed (history kept)',
  noBars: 'Tracked, no bars yet',
  current: 'Tracked, up to date',
  behind: 'Tracked, {{count}} trading days behind',
  behindOwn: 'Tracked, {{count}} sessions behind ({{calendar}})',
};
/** The calendars as the CSV names them (English, as common:calendars). */
const CSV_CALENDARS: Record<CalendarName, string> = {
  nyse: 'NYSE sessions',
  exchange: "its exchange's trading days",
  fx: 'Monday–Friday',
  crypto: 'every day',
};

/**
 * An instrument's state: removed, or tracked and how far its bars are behind its own last
 * session: a US stock's in trading days, as the freshness banner counts the market's; a coin's,
 * an fx pair's or an exchange's in sessions of its calendar, named (the server counts them).
 */
export function instrumentState(
  r: Instrument,
  word: (key: StateKey, count: number, calendar: CalendarName) => string,
): string {
  if (!r.tracked) return word('removed', 0, r.calendar);
  if (r.tradingDaysBehind === null) return word('noBars', 0, r.calendar);
  if (r.tradingDaysBehind === 0) return word('current', 0, r.calendar);
  return word(r.calendar === 'nyse' ? 'behind' : 'behindOwn', r.tradingDaysBehind, r.calendar);
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
      // its state as the freshness banner tells the market's: how many sessions its data lacks
      text: (r) =>
        instrumentState(r, (key, count, calendar) =>
          t(`data.instruments.${key}`, { count, n: f.number(count, 0), calendar: t(`common:calendars.${calendar}`) }),
        ),
      csvValue: (r) =>
        instrumentState(r, (key, count, calendar) =>
          CSV_STATES[key].replace('{{count}}', String(count)).replace('{{calendar}}', CSV_CALENDARS[calendar]),
        ),
    },
    timeColumn('firstBar', t('data.instruments.firstBar'), 'First bar', (r) => r.firstBar, f.date),
    timeColumn('lastBar', t('data.instruments.lastBar'), 'Last bar', (r) => r.lastBar, f.date),
    countColumn('bars', t('data.instruments.bars'), 'Bars', (r) => r.bars),
    dangerButtonColumn<Instrument>('remove', t('common:actions.remove'), {
      text: t('data.instruments.removeButton'),
      label: (r) => t('data.instruments.removeLabel', { symbol: r.symbol }),
      onClick: setRemoving,
    }),
  ];
  return (
    <DataSection
      name="instruments"
      title={t('data.instruments.title')}
      before={<AddTicker onAdded={onAdded} />}
      rows={instruments}
      columns={columns}
      rowKey={(r) => r.symbol}
      initialSort={{ key: 'symbol', desc: false }}
      after={<RemoveDialog instrument={removing} onClose={() => setRemoving(null)} />}
    />
  );
}

function AddTicker({ onAdded }: { onAdded: () => void }) {
  const { t } = useTranslation(['admin', 'common']);
  const client = useQueryClient();
  const [values, setValues] = useState({ symbol: '', name: '' });
  const [errors, setErrors] = useState<{ symbol?: string; name?: string }>({});
  // what Yahoo says the added symbol is (the server detects it; the form asks only the symbol)
  const [added, setAdded] = useState<{
    symbol: string;
    assetClass: AssetClass;
    currency: string;
    calendar: CalendarName;
  } | null>(null);
  const add = useMutation({
    mutationFn: (body: EndpointBody<'adminInstrumentAdd'>) => apiQuietPost('adminInstrumentAdd', { body }),
    onSuccess: (res) => {
      const { symbol, assetClass, currency, calendar } = res.data;
      setAdded({ symbol, assetClass, currency, calendar });
      setValues({ symbol: '', name: '' });
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
  // its message stands in the form's status line, under all the fields
  const field = (key: 'symbol' | 'name', label: string, className: string) => (
    <div className={className}>
      <label htmlFor={`add-${key}`} className="form-label small mb-1">
        {label}
      </label>
      <input
        id={`add-${key}`}
        className={`form-control form-control-sm${errors[key] ? ' is-invalid' : ''}`}
        value={values[key]}
        autoComplete="off"
        aria-invalid={errors[key] ? true : undefined}
        aria-describedby={errors[key] ? `add-${key}-error` : undefined}
        onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.value }))}
      />
    </div>
  );
  // The contract's own symbol messages in the interface's language; others (the server's) as given.
  const symbolField = field('symbol', t('data.add.ticker'), 'col-6 col-md-2');
  const nameField = field('name', t('data.add.nameOptional'), 'col-6 col-md-3');
  const message = (text: string) => {
    const key = messageKey(SYMBOL_ERRORS, text);
    return key ? t(`data.errors.${key}`) : text;
  };
  return (
    <form className="row g-2 align-items-end mb-3" onSubmit={submit} noValidate aria-label={t('data.add.form')}>
      {symbolField}
      {nameField}
      <SubmitColumn className="col-6 col-md-auto" outline disabled={add.isPending}>
        {t('data.add.submit')}
      </SubmitColumn>
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
          <span data-testid="added-instrument">
            {t('data.add.added', {
              symbol: added.symbol,
              assetClass: t(`common:assetClasses.${added.assetClass}`),
              currency: added.currency,
              calendar: t(`common:calendars.${added.calendar}`),
            })}
          </span>
        ) : (
          <span className="text-body-secondary">{t('data.add.hint')}</span>
        )}
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
      apiQuietDelete('adminInstrumentRemove', { params: { symbol }, query: p ? { purge: 'true' } : {} }),
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
        <ConfirmFooter onCancel={close} onConfirm={() => remove.mutate({ symbol, purge })} busy={remove.isPending}>
          {purge ? t('data.remove.removeAndDelete') : t('common:actions.remove')}
        </ConfirmFooter>
      }
    >
      <p className="small">{t('data.remove.text', { symbol, bars: instrument?.bars ?? 0 })}</p>
      <CheckField id="remove-purge" small label={t('data.remove.purge')} checked={purge} onChange={setPurge} />
      <ErrorAlert error={remove.error} className="alert alert-danger py-1 small mt-2" />
    </Modal>
  );
}
