import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { BACKTEST_LIMITS, YEAR_SET_CYCLES, type YearSetCycle } from '@solstice/contracts';
import { Field, TextField, MMDD, YEAR } from '../../shared/ui/fields';
import { i18n } from '../../i18n/i18n';
import type { BacktestForm, Leg } from './backtest-url';

const SYMBOL = /^[A-Za-z0-9.^=-]{1,20}$/;

/** Problems of the form, keyed `legs.2.start`, `from`, …, each with its message. */
export function checkForm(form: BacktestForm): Record<string, string> {
  const t = (key: string) => i18n.t(key);
  const errors: Record<string, string> = {};
  if (form.legs.length === 0) errors.legs = t('backtest:errors.noLegs');
  form.legs.forEach((leg, i) => {
    if (!SYMBOL.test(leg.symbol.trim())) errors[`legs.${i}.symbol`] = t('common:fields.symbol');
    if (!MMDD.test(leg.start)) errors[`legs.${i}.start`] = t('common:fields.mmdd');
    if (!MMDD.test(leg.end)) errors[`legs.${i}.end`] = t('common:fields.mmdd');
    else if (leg.start === leg.end) errors[`legs.${i}.end`] = t('backtest:errors.sameDates');
  });
  for (const key of ['from', 'to'] as const)
    if (form[key] && !YEAR.test(form[key])) errors[key] = t('common:fields.year');
  if (YEAR.test(form.from) && YEAR.test(form.to) && Number(form.from) > Number(form.to))
    errors.to = t('common:fields.yearOrder');
  if (form.exclude.trim() && !/^\s*\d{4}(\s*,\s*\d{4})*\s*,?\s*$/.test(form.exclude))
    errors.exclude = t('backtest:errors.exclude');
  const cost = Number(form.cost);
  if (form.cost.trim() === '' || Number.isNaN(cost) || cost < 0 || cost > BACKTEST_LIMITS.maxCostBps)
    errors.cost = t('backtest:errors.cost');
  if (form.benchmark.trim() && !SYMBOL.test(form.benchmark.trim())) errors.benchmark = t('common:fields.symbol');
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
  const set = (key: 'from' | 'to' | 'exclude' | 'cost' | 'benchmark') => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));
  const toggleCycle = (c: YearSetCycle) =>
    setForm((f) => ({
      ...f,
      cycle: f.cycle.includes(c) ? f.cycle.filter((x) => x !== c) : YEAR_SET_CYCLES.filter((x) => x === c || f.cycle.includes(x)),
    }));
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
        <Field id="bt-parity" label={t('form.parity')}>
          <select
            id="bt-parity"
            className="form-select form-select-sm"
            value={form.parity}
            onChange={(e) => setForm((f) => ({ ...f, parity: e.target.value as BacktestForm['parity'] }))}
          >
            <option value="">{t('form.parities.any')}</option>
            <option value="odd">{t('form.parities.odd')}</option>
            <option value="even">{t('form.parities.even')}</option>
          </select>
        </Field>
        <TextField
          id="bt-exclude"
          label={t('form.exclude')}
          error={errors.exclude}
          value={form.exclude}
          onChange={set('exclude')}
          placeholder={t('form.excludePlaceholder')}
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
        <fieldset className="col-12 col-lg-auto">
          <legend className="form-label small mb-1 fs-6">{t('form.cycle')}</legend>
          <div className="d-flex flex-wrap gap-2">
            {YEAR_SET_CYCLES.map((c) => (
              <div className="form-check form-check-inline small mb-0" key={c}>
                <input
                  id={`bt-cycle-${c}`}
                  type="checkbox"
                  className="form-check-input"
                  checked={form.cycle.includes(c)}
                  onChange={() => toggleCycle(c)}
                />
                <label className="form-check-label" htmlFor={`bt-cycle-${c}`}>
                  {t(`form.cycles.${c}`)}
                </label>
              </div>
            ))}
          </div>
        </fieldset>
        <div className="col-12 col-md-auto">
          <button type="submit" className="btn btn-primary btn-sm">
            {t('form.submit')}
          </button>
        </div>
      </div>
    </form>
  );
}
