import { useState, type FormEvent } from 'react';
import type { AlertKind } from '@solstice/contracts';
import { useWatchlists } from '../../shared/shell';
import { errorsOf, type AlertDraft } from './alert-draft';

const KIND_LABEL: Record<AlertKind, string> = {
  scan: 'A symbol enters a scan',
  condition: 'A symbol condition turns true',
  seasonal: 'A seasonal window is about to open',
};

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
  const [d, setD] = useState(initial);
  const watchlists = useWatchlists();
  const set = <K extends keyof AlertDraft>(key: K, value: AlertDraft[K]) => setD((prev) => ({ ...prev, [key]: value }));
  const { form, fields } = errorsOf(error);
  const invalid = (key: string) =>
    fields[key] ? { 'aria-invalid': true, 'aria-describedby': `alert-${key}-error` } : {};
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSave(d);
  };
  const numberField = (
    key: 'leadDays' | 'minDays' | 'maxDays' | 'minWinRate' | 'minYears',
    label: string,
    hint?: string,
  ) => (
    <div className="col-6 col-md-4">
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
    <form onSubmit={submit} noValidate data-testid="alert-form" aria-label={editing ? 'Edit alert' : 'New alert'}>
      {form ? (
        <div className="alert alert-danger py-2" role="alert">
          {form}
        </div>
      ) : null}
      <fieldset className="mb-2" disabled={editing}>
        <legend className="form-label fs-6 mb-1">Tell me when</legend>
        {(Object.keys(KIND_LABEL) as AlertKind[]).map((kind) => (
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
              {KIND_LABEL[kind]}
            </label>
          </div>
        ))}
      </fieldset>
      <Field id="alert-name" label="Name" error={fields.name}>
        <input
          id="alert-name"
          className={`form-control form-control-sm${fields.name ? ' is-invalid' : ''}`}
          value={d.name}
          maxLength={80}
          onChange={(e) => set('name', e.target.value)}
          {...invalid('name')}
        />
      </Field>
      {d.kind !== 'scan' ? (
        <div className="row g-2">
          <div className="col-12 col-md-4">
            <Field id="alert-target" label="For">
              <select
                id="alert-target"
                className="form-select form-select-sm"
                value={d.target}
                onChange={(e) => set('target', e.target.value as AlertDraft['target'])}
              >
                <option value="symbol">One symbol</option>
                <option value="watchlist">Every symbol of a watchlist</option>
              </select>
            </Field>
          </div>
          <div className="col-12 col-md-8">
            {d.target === 'symbol' ? (
              <Field id="alert-symbol" label="Symbol" error={fields.symbol}>
                <input
                  id="alert-symbol"
                  className={`form-control form-control-sm text-uppercase${fields.symbol ? ' is-invalid' : ''}`}
                  value={d.symbol}
                  onChange={(e) => set('symbol', e.target.value.toUpperCase())}
                  {...invalid('symbol')}
                />
              </Field>
            ) : (
              <Field id="alert-watchlist" label="Watchlist" error={fields.watchlistId}>
                <select
                  id="alert-watchlist"
                  className={`form-select form-select-sm${fields.watchlistId ? ' is-invalid' : ''}`}
                  value={d.watchlistId}
                  onChange={(e) => set('watchlistId', e.target.value)}
                  {...invalid('watchlistId')}
                >
                  <option value="">Choose a watchlist</option>
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
          label="Expression (scanner language)"
          error={fields.expression}
          hint={
            d.kind === 'scan'
              ? 'Fires when a symbol enters the results, e.g. rsi14 < 30 and close > sma200.'
              : 'Fires when it turns from false to true on a new bar, e.g. close crosses above sma200.'
          }
        >
          <input
            id="alert-expression"
            className={`form-control form-control-sm font-monospace${fields.expression ? ' is-invalid' : ''}`}
            value={d.expression}
            onChange={(e) => set('expression', e.target.value)}
            {...invalid('expression')}
          />
        </Field>
      ) : (
        <div className="row g-2">
          {numberField('leadDays', 'Trading days before the window opens')}
          {numberField('minDays', 'Shortest holding (calendar days)')}
          {numberField('maxDays', 'Longest holding (calendar days)')}
          {numberField('minWinRate', 'Minimum win rate (%)')}
          {numberField('minYears', 'Minimum years')}
          <div className="col-6 col-md-4">
            <Field id="alert-maxPValue" label="Maximum p-value (optional)" error={fields.maxPValue}>
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
            <Field id="alert-direction" label="Direction" error={fields.direction}>
              <select
                id="alert-direction"
                className="form-select form-select-sm"
                value={d.direction}
                onChange={(e) => set('direction', e.target.value as AlertDraft['direction'])}
              >
                <option value="long">Long</option>
                <option value="short">Short</option>
                <option value="both">Both</option>
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
            Also when a symbol leaves the results
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
          Include in the daily mail digest
        </label>
      </div>
      <Field
        id="alert-webhookUrl"
        label="Webhook (optional, https://)"
        error={fields.webhookUrl}
        hint="A JSON POST signed with HMAC-SHA256 (header X-Solstice-Signature); the secret is shown once when you save."
      >
        <input
          id="alert-webhookUrl"
          className={`form-control form-control-sm${fields.webhookUrl ? ' is-invalid' : ''}`}
          type="url"
          value={d.webhookUrl}
          onChange={(e) => set('webhookUrl', e.target.value)}
          {...invalid('webhookUrl')}
        />
      </Field>
      <div className="d-flex gap-2 mt-3">
        <button type="submit" className="btn btn-primary btn-sm" disabled={saving}>
          {editing ? 'Save changes' : 'Create alert'}
        </button>
        <button type="button" className="btn btn-outline-secondary btn-sm" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
