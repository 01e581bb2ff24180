import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { invisibleCharactersMessage, type AlertKind, type AlertUsage } from '@solstice/contracts';
import { useWatchlists } from '../../shared/shell';
import { CheckField } from '../../shared/check-field';
import { SelectOptions, type SelectOption } from '../../shared/select-field';
import { messageKey } from '../../shared/message-keys';
import { errorsOf, type AlertDraft } from './alert-draft';
import { AlertLimits } from './alert-limits';

const KINDS: readonly AlertKind[] = ['scan', 'condition', 'seasonal'];
/** The fields that can show an error of a refused save. */
const NUMBER_FIELDS = ['leadDays', 'minDays', 'maxDays', 'minWinRate', 'minYears'] as const;
/** The contract's name messages shown in the interface's language (others as the server gave them). */
const NAME_ERRORS = { [invisibleCharactersMessage('A name')]: 'nameInvisible' } as const;
type ErrorAttributes = { 'aria-invalid'?: true; 'aria-describedby'?: string };
/** The inputs checked by the server, each with its message under it. */
type TextKey =
  'name' | 'symbol' | 'watchlistId' | 'expression' | 'webhookUrl' | 'start' | 'end' | (typeof NUMBER_FIELDS)[number];
const INPUT = 'form-control form-control-sm';
/** A window alert's numbers, each with its label (a window needs no win rate or years). */
const WINDOW_NUMBERS = [
  ['leadDays', 'form.leadDays'],
  ['minWinRate', 'form.optionalMinWinRate'],
  ['minYears', 'form.optionalMinYears'],
] as const;
/** The optional bounds of either form of seasonal alert. */
const BOUNDS = ['maxPValue', 'maxQValue'] as const;

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

/** A small select of fixed choices in a `Field`. */
function ChoiceField({
  id,
  label,
  error,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  error?: string;
  value: string;
  options: readonly SelectOption[];
  onChange: (value: string) => void;
}) {
  return (
    <Field id={id} label={label} error={error}>
      <select id={id} className="form-select form-select-sm" value={value} onChange={(e) => onChange(e.target.value)}>
        <SelectOptions options={options} />
      </select>
    </Field>
  );
}

export function AlertForm({
  initial,
  editing,
  saving,
  error,
  onSave,
  onCancel,
  usage,
}: {
  /** The account's alerts and limits (the list's answer), shown before saving; absent while it loads. */
  usage?: AlertUsage;
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
  const nameKey = fields.name === undefined ? undefined : messageKey(NAME_ERRORS, fields.name);
  if (nameKey) fields.name = t(`form.${nameKey}`);
  const invalid = (key: string): ErrorAttributes =>
    fields[key] ? { 'aria-invalid': true, 'aria-describedby': `alert-${key}-error` } : {};
  /** A checked text input (or select): its id, value and class, red and pointing at its message when refused. */
  const bind = (key: TextKey, className: string) => ({
    id: `alert-${key}`,
    className: `${className}${fields[key] ? ' is-invalid' : ''}`,
    value: d[key],
    onChange: (e: { target: { value: string } }) => set(key, e.target.value),
    ...invalid(key),
  });
  const input = {
    name: bind('name', INPUT),
    symbol: bind('symbol', `${INPUT} text-uppercase`),
    watchlistId: bind('watchlistId', 'form-select form-select-sm'),
    expression: bind('expression', `${INPUT} font-monospace`),
    webhookUrl: bind('webhookUrl', INPUT),
    start: bind('start', INPUT),
    end: bind('end', INPUT),
  };
  /** A check box bound to one of the draft's yes/no values. */
  const toggle = (key: 'onExit' | 'mail') => ({
    id: `alert-${key}`,
    checked: d[key],
    onChange: (on: boolean) => set(key, on),
  });
  const check = { onExit: toggle('onExit'), mail: toggle('mail') };
  /** A select of fixed choices bound to one of the draft's choices, with its message when refused. */
  const choose = <K extends 'target' | 'seasonalForm' | 'windowDirection' | 'direction'>(key: K) => ({
    id: `alert-${key}`,
    error: fields[key],
    value: d[key],
    onChange: (value: string) => set(key, value as AlertDraft[K]),
  });
  const choice = {
    target: choose('target'),
    seasonalForm: choose('seasonalForm'),
    windowDirection: choose('windowDirection'),
    direction: choose('direction'),
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSave(d);
  };
  const numberField = (key: (typeof NUMBER_FIELDS)[number], label: string, hint?: string) => (
    <div className="col-6 col-md-4" key={key}>
      <Field id={`alert-${key}`} label={label} error={fields[key]} hint={hint}>
        <input type="number" inputMode="decimal" {...bind(key, INPUT)} />
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
        <input maxLength={80} {...input.name} />
      </Field>
      {d.kind !== 'scan' ? (
        <div className="row g-2">
          <div className="col-12 col-md-4">
            <ChoiceField
              label={t('form.target')}
              options={[
                { value: 'symbol', label: t('form.oneSymbol') },
                { value: 'watchlist', label: t('form.everySymbol') },
              ]}
              {...choice.target}
            />
          </div>
          <div className="col-12 col-md-8">
            {d.target === 'symbol' ? (
              <Field id="alert-symbol" label={t('form.symbol')} error={fields.symbol}>
                <input {...input.symbol} onChange={(e) => set('symbol', e.target.value.toUpperCase())} />
              </Field>
            ) : (
              <Field id="alert-watchlist" label={t('form.watchlist')} error={fields.watchlistId}>
                <select {...input.watchlistId} id="alert-watchlist">
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
          <input {...input.expression} />
        </Field>
      ) : (
        <>
          <ChoiceField
            label={t('form.seasonalForm')}
            options={[
              { value: 'rule', label: t('form.ruleForm') },
              { value: 'window', label: t('form.windowForm') },
            ]}
            {...choice.seasonalForm}
          />
          <div className="row g-2">
            {d.seasonalForm === 'window' ? (
              <>
                <div className="col-6 col-md-4">
                  <Field id="alert-start" label={t('form.start')} error={fields.start}>
                    <input placeholder="MM-DD" maxLength={5} {...input.start} />
                  </Field>
                </div>
                <div className="col-6 col-md-4">
                  <Field id="alert-end" label={t('form.end')} error={fields.end}>
                    <input placeholder="MM-DD" maxLength={5} {...input.end} />
                  </Field>
                </div>
                <div className="col-12 col-md-4">
                  <ChoiceField
                    label={t('form.direction')}
                    options={(['long', 'short'] as const).map((v) => ({ value: v, label: t(`directions.${v}`) }))}
                    {...choice.windowDirection}
                  />
                </div>
                {WINDOW_NUMBERS.map(([key, label], i) =>
                  numberField(key, t(label), i === 0 ? t('form.windowHint') : undefined),
                )}
              </>
            ) : (
              <>
                {NUMBER_FIELDS.map((key) => numberField(key, t(`form.${key}`)))}
                <div className="col-12 col-md-4">
                  <ChoiceField
                    label={t('form.direction')}
                    options={(['long', 'short', 'both'] as const).map((v) => ({
                      value: v,
                      label: t(`directions.${v}`),
                    }))}
                    {...choice.direction}
                  />
                </div>
              </>
            )}
            {BOUNDS.map((key) => (
              <div className="col-6 col-md-4" key={key}>
                <Field id={`alert-${key}`} label={t(`form.${key}`)} error={fields[key]}>
                  <input
                    id={`alert-${key}`}
                    className={`form-control form-control-sm${fields[key] ? ' is-invalid' : ''}`}
                    type="number"
                    step="0.01"
                    value={d[key]}
                    onChange={(e) => set(key, e.target.value)}
                    {...invalid(key)}
                  />
                </Field>
              </div>
            ))}
          </div>
        </>
      )}
      {d.kind === 'scan' ? <CheckField className="mb-2" label={t('form.onExit')} {...check.onExit} /> : null}
      <CheckField className="mb-2" label={t('form.mail')} {...check.mail} />
      <Field id="alert-webhookUrl" label={t('form.webhook')} error={fields.webhookUrl} hint={t('form.webhookHint')}>
        <input type="url" {...input.webhookUrl} />
      </Field>
      {usage ? <AlertLimits usage={usage} draft={d} initial={initial} editing={editing} lists={watchlists} /> : null}
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
