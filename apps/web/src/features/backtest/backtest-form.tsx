import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { BACKTEST_LIMITS } from '@solstice/contracts';
import { Field, TextField, MMDD, YEAR } from '../../shared/ui/fields';
import { YearSetFields } from '../../shared/ui/year-set-fields';
import { checkYearSet } from '../../shared/ui/year-sets';
import { i18n } from '../../i18n/i18n';
import type { BacktestForm, Leg } from './backtest-url';

const SYMBOL = /^[A-Za-z0-9.^=-]{1,20}$/;

/** Problems of the form, keyed `legs.2.start`, `from`, …, each with its message. */
export function checkForm(form: BacktestForm): Record<string, string> {
  const errors: Record<string, string> = {};
  if (form.legs.length === 0) errors.legs = i18n.t('backtest:errors.noLegs');
  form.legs.forEach((leg, i) => {
    if (!SYMBOL.test(leg.symbol.trim())) errors[`legs.${i}.symbol`] = i18n.t('common:fields.symbol');
    if (!MMDD.test(leg.start)) errors[`legs.${i}.start`] = i18n.t('common:fields.mmdd');
    if (!MMDD.test(leg.end)) errors[`legs.${i}.end`] = i18n.t('common:fields.mmdd');
    else if (leg.start === leg.end) errors[`legs.${i}.end`] = i18n.t('backtest:errors.sameDates');
  });
  for (const key of ['from', 'to'] as const)
    if (form[key] && !YEAR.test(form[key])) errors[key] = i18n.t('common:fields.year');
  if (YEAR.test(form.from) && YEAR.test(form.to) && Number(form.from) > Number(form.to))
    errors.to = i18n.t('common:fields.yearOrder');
  Object.assign(errors, checkYearSet(form));
  const cost = Number(form.cost);
  if (form.cost.trim() === '' || Number.isNaN(cost) || cost < 0 || cost > BACKTEST_LIMITS.maxCostBps)
    errors.cost = i18n.t('backtest:errors.cost');
  if (form.benchmark.trim() && !SYMBOL.test(form.benchmark.trim())) errors.benchmark = i18n.t('common:fields.symbol');
  return errors;
}

const NEW_LEG: Leg = { symbol: '', start: '', end: '', direction: 'long' };

export function BacktestFormView({
  initial,
  onRun,
  badLegs,
}: {
  initial: BacktestForm;
  onRun: (form: BacktestForm) => void;
  /** Legs the server refused (their indexes), marked in the list. */
  badLegs: ReadonlySet<number>;
}) {
  const { t } = useTranslation('backtest');
  const [form, setForm] = useState<BacktestForm>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const setLeg = (i: number, patch: Partial<Leg>) =>
    setForm((f) => ({ ...f, legs: f.legs.map((l, j) => (j === i ? { ...l, ...patch } : l)) }));
  const set = (key: 'from' | 'to' | 'cost' | 'benchmark') => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const values: BacktestForm = {
      ...form,
      legs: form.legs.map((l) => ({ ...l, symbol: l.symbol.trim().toUpperCase() })),
      benchmark: form.benchmark.trim().toUpperCase(),
    };
    const problems = checkForm(values);
    setErrors(problems);
    setForm(values);
    if (Object.keys(problems).length === 0) onRun(values);
  };
  const full = form.legs.length >= BACKTEST_LIMITS.maxLegs;

  return (
    <form className="mb-3" onSubmit={submit} noValidate aria-label={t('form.label')}>
      <h2 className="h6">{t('form.legs')}</h2>
      {errors.legs ? <div className="invalid-feedback d-block mb-2">{errors.legs}</div> : null}
      {form.legs.map((leg, i) => {
        const id = `bt-leg-${i}`;
        const bad = badLegs.has(i);
        return (
          <fieldset
            key={i}
            className={`row g-2 align-items-end mb-2${bad ? ' border border-danger rounded pb-2' : ''}`}
            data-testid={`backtest-leg-${i}`}
            aria-invalid={bad || undefined}
          >
            <legend className="visually-hidden">{t('form.leg', { n: i + 1 })}</legend>
            <TextField
              id={`${id}-symbol`}
              label={t('form.symbol')}
              error={errors[`legs.${i}.symbol`]}
              value={leg.symbol}
              onChange={(e) => setLeg(i, { symbol: e.target.value })}
              autoComplete="off"
            />
            <TextField
              id={`${id}-start`}
              label={t('form.start')}
              error={errors[`legs.${i}.start`]}
              value={leg.start}
              onChange={(e) => setLeg(i, { start: e.target.value })}
              placeholder={t('form.mmdd')}
            />
            <TextField
              id={`${id}-end`}
              label={t('form.end')}
              error={errors[`legs.${i}.end`]}
              value={leg.end}
              onChange={(e) => setLeg(i, { end: e.target.value })}
              placeholder={t('form.mmdd')}
            />
            <Field id={`${id}-direction`} label={t('form.direction')}>
              <select
                id={`${id}-direction`}
                className="form-select form-select-sm"
                value={leg.direction}
                onChange={(e) => setLeg(i, { direction: e.target.value === 'short' ? 'short' : 'long' })}
              >
                <option value="long">{t('form.long')}</option>
                <option value="short">{t('form.short')}</option>
              </select>
            </Field>
            <div className="col-auto">
              <button
                type="button"
                className="btn btn-sm btn-outline-danger"
                onClick={() => setForm((f) => ({ ...f, legs: f.legs.filter((_, j) => j !== i) }))}
                aria-label={t('form.removeLeg', { n: i + 1 })}
              >
                <span aria-hidden="true">×</span>
              </button>
            </div>
          </fieldset>
        );
      })}
      <div className="d-flex align-items-center gap-2 mb-3">
        <button
          type="button"
          className="btn btn-sm btn-outline-primary"
          disabled={full}
          onClick={() => setForm((f) => ({ ...f, legs: [...f.legs, { ...NEW_LEG }] }))}
        >
          {t('form.addLeg')}
        </button>
        {full ? <span className="small text-muted">{t('form.maxLegs', { max: BACKTEST_LIMITS.maxLegs })}</span> : null}
      </div>
      <div className="row g-2 align-items-end">
        <TextField
          id="bt-from"
          label={t('form.from')}
          error={errors.from}
          value={form.from}
          onChange={set('from')}
          inputMode="numeric"
          placeholder={t('form.all')}
        />
        <TextField
          id="bt-to"
          label={t('form.to')}
          error={errors.to}
          value={form.to}
          onChange={set('to')}
          inputMode="numeric"
          placeholder={t('form.all')}
        />
        <TextField
          id="bt-cost"
          label={t('form.cost')}
          error={errors.cost}
          value={form.cost}
          onChange={set('cost')}
          inputMode="decimal"
        />
        <TextField
          id="bt-benchmark"
          label={t('form.benchmark')}
          error={errors.benchmark}
          value={form.benchmark}
          onChange={set('benchmark')}
          autoComplete="off"
        />
        <YearSetFields
          idPrefix="bt"
          values={form}
          errors={errors}
          onChange={(patch) => setForm((f) => ({ ...f, ...patch }))}
        />
        <div className="col-12 col-md-auto">
          <button type="submit" className="btn btn-primary btn-sm">
            {t('form.submit')}
          </button>
        </div>
      </div>
    </form>
  );
}
