import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AlertKind } from '@solstice/contracts';
import { useWatchlists } from '../../shared/shell';
import { errorsOf, type AlertDraft } from './alert-draft';

const KINDS: readonly AlertKind[] = ['scan', 'condition', 'seasonal'];
/** The fields that can show an error of a refused save. */
const CHECKED = ['name', 'symbol', 'watchlistId', 'expression', 'webhookUrl'] as const;
const NUMBER_FIELDS = ['leadDays', 'minDays', 'maxDays', 'minWinRate', 'minYears'] as const;
type ErrorAttributes = { 'aria-invalid'?: true; 'aria-describedby'?: string };

function Field({
  id,
  label,
  error,
  children,
  hint,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  children: React.ReactNode;
}) {
  return (
    <div className="mb-2">
      <label className="form-label mb-1" htmlFor={id}>
        {label}
      </label>
      {children}
      {hint ? (
        <div className="form-text" id={`${id}-hint`}>
          {hint}
        </div>
      ) : null}
      {error ? (
        <div className="invalid-feedback d-block" id={`${id}-error`} role="alert">
          {error}
        </div>
      ) : null}
    </div>
  );
}

export function AlertForm({
  initial,
  editing,
  saving,
  error,
  onSave,
  onCancel,
}: {
  initial: AlertDraft;
  editing: boolean;
  saving: boolean;
  error: unknown;
  onSave: (draft: AlertDraft) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('alerts');
  const [d, setD] = useState(initial);
  const watchlists = useWatchlists();
  const set = <K extends keyof AlertDraft>(key: K, value: AlertDraft[K]) => setD((prev) => ({ ...prev, [key]: value }));
  const { form, fields } = errorsOf(error);
  const invalid = (key: string): ErrorAttributes =>
    fields[key] ? { 'aria-invalid': true, 'aria-describedby': `alert-${key}-error` } : {};
  const errorOf = Object.fromEntries(CHECKED.map((key) => [key, invalid(key)])) as Record<
    (typeof CHECKED)[number],
    ErrorAttributes
  >;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSave(d);
  };
  const numberField = (key: (typeof NUMBER_FIELDS)[number], label: string, hint?: string) => (
    <div className="col-6 col-md-4" key={key}>
      <Field id={`alert-${key}`} label={label} error={fields[key]} hint={hint}>
        <input
          id={`alert-${key}`}
          className={`form-control form-control-sm${fields[key] ? ' is-invalid' : ''}`}
          type="number"
          inputMode="decimal"
          value={d[key]}
          onChange={(e) => set(key, e.target.value)}
          {...invalid(key)}
        />
      </Field>
    </div>
  );
  return (
    <form
      onSubmit={submit}
      noValidate
      data-testid="alert-form"
      aria-label={editing ? t('form.editAlert') : t('form.newAlert')}
    >
      {form ? (
        <div className="alert alert-danger py-2" role="alert">
          {form}
        </div>
      ) : null}
      <fieldset className="mb-2" disabled={editing}>
        <legend className="form-label fs-6 mb-1">{t('form.tellMeWhen')}</legend>
        {KINDS.map((kind) => (
          <div className="form-check form-check-inline" key={kind}>
            <input
              className="form-check-input"
              type="radio"
              name="alert-kind"
              id={`alert-kind-${kind}`}
              checked={d.kind === kind}
              onChange={() => set('kind', kind)}
            />
            <label className="form-check-label" htmlFor={`alert-kind-${kind}`}>
              {t(`kinds.${kind}`)}
            </label>
          </div>
        ))}
      </fieldset>
      <Field id="alert-name" label={t('form.name')} error={fields.name}>
        <input
          id="alert-name"
          className={`form-control form-control-sm${fields.name ? ' is-invalid' : ''}`}
          value={d.name}
          maxLength={80}
          onChange={(e) => set('name', e.target.value)}
          {...errorOf.name}
        />
      </Field>
      {d.kind !== 'scan' ? (
        <div className="row g-2">
          <div className="col-12 col-md-4">
            <Field id="alert-target" label={t('form.target')}>
              <select
                id="alert-target"
                className="form-select form-select-sm"
                value={d.target}
                onChange={(e) => set('target', e.target.value as AlertDraft['target'])}
              >
                <option value="symbol">{t('form.oneSymbol')}</option>
                <option value="watchlist">{t('form.everySymbol')}</option>
              </select>
            </Field>
          </div>
          <div className="col-12 col-md-8">
            {d.target === 'symbol' ? (
              <Field id="alert-symbol" label={t('form.symbol')} error={fields.symbol}>
                <input
                  id="alert-symbol"
                  className={`form-control form-control-sm text-uppercase${fields.symbol ? ' is-invalid' : ''}`}
                  value={d.symbol}
                  onChange={(e) => set('symbol', e.target.value.toUpperCase())}
                  {...errorOf.symbol}
                />
              </Field>
            ) : (
              <Field id="alert-watchlist" label={t('form.watchlist')} error={fields.watchlistId}>
                <select
                  id="alert-watchlist"
                  className={`form-select form-select-sm${fields.watchlistId ? ' is-invalid' : ''}`}
                  value={d.watchlistId}
                  onChange={(e) => set('watchlistId', e.target.value)}
                  {...errorOf.watchlistId}
                >
                  <option value="">{t('form.chooseWatchlist')}</option>
                  {watchlists
                    .filter((w) => w.id !== undefined && w.id !== null)
                    .map((w) => (
                      <option key={w.id} value={String(w.id)}>
                        {w.name}
                      </option>
                    ))}
                </select>
              </Field>
            )}
          </div>
        </div>
      ) : null}
      {d.kind !== 'seasonal' ? (
        <Field
          id="alert-expression"
          label={t('form.expression')}
          error={fields.expression}
          hint={d.kind === 'scan' ? t('form.scanHint') : t('form.conditionHint')}
        >
          <input
            id="alert-expression"
            className={`form-control form-control-sm font-monospace${fields.expression ? ' is-invalid' : ''}`}
            value={d.expression}
            onChange={(e) => set('expression', e.target.value)}
            {...errorOf.expression}
          />
        </Field>
      ) : (
        <div className="row g-2">
          {NUMBER_FIELDS.map((key) => numberField(key, t(`form.${key}`)))}
          <div className="col-6 col-md-4">
            <Field id="alert-maxPValue" label={t('form.maxPValue')} error={fields.maxPValue}>
              <input
                id="alert-maxPValue"
                className="form-control form-control-sm"
                type="number"
                step="0.01"
                value={d.maxPValue}
                onChange={(e) => set('maxPValue', e.target.value)}
              />
            </Field>
          </div>
          <div className="col-12 col-md-4">
            <Field id="alert-direction" label={t('form.direction')} error={fields.direction}>
              <select
                id="alert-direction"
                className="form-select form-select-sm"
                value={d.direction}
                onChange={(e) => set('direction', e.target.value as AlertDraft['direction'])}
              >
                <option value="long">{t('directions.long')}</option>
                <option value="short">{t('directions.short')}</option>
                <option value="both">{t('directions.both')}</option>
              </select>
            </Field>
          </div>
        </div>
      )}
      {d.kind === 'scan' ? (
        <div className="form-check mb-2">
          <input
            className="form-check-input"
            type="checkbox"
            id="alert-onExit"
            checked={d.onExit}
            onChange={(e) => set('onExit', e.target.checked)}
          />
          <label className="form-check-label" htmlFor="alert-onExit">
            {t('form.onExit')}
          </label>
        </div>
      ) : null}
      <div className="form-check mb-2">
        <input
          className="form-check-input"
          type="checkbox"
          id="alert-mail"
          checked={d.mail}
          onChange={(e) => set('mail', e.target.checked)}
        />
        <label className="form-check-label" htmlFor="alert-mail">
          {t('form.mail')}
        </label>
      </div>
      <Field id="alert-webhookUrl" label={t('form.webhook')} error={fields.webhookUrl} hint={t('form.webhookHint')}>
        <input
          id="alert-webhookUrl"
          className={`form-control form-control-sm${fields.webhookUrl ? ' is-invalid' : ''}`}
          type="url"
          value={d.webhookUrl}
          onChange={(e) => set('webhookUrl', e.target.value)}
          {...errorOf.webhookUrl}
        />
      </Field>
      <div className="d-flex gap-2 mt-3">
        <button type="submit" className="btn btn-primary btn-sm" disabled={saving}>
          {editing ? t('form.saveChanges') : t('form.create')}
        </button>
        <button type="button" className="btn btn-outline-secondary btn-sm" onClick={onCancel}>
          {t('form.cancel')}
        </button>
      </div>
    </form>
  );
}
