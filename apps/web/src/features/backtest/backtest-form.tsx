import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { BACKTEST_LIMITS } from '@solstice/contracts';
import { TextField, MMDD, YEAR } from '../../shared/ui/fields';
import {
  DirectionField,
  SubmitButton,
  SymbolField,
  WindowFields,
  YearRangeFields,
  type Bound,
} from '../../shared/ui/seasonality-form';
import { YearSetFields } from '../../shared/ui/year-set-fields';
import { checkYearSet } from '../../shared/ui/year-sets';
import { i18n } from '../../shared/i18n/i18n';
import { bareLeg, type BacktestForm, type Leg } from '../../shared/links/backtest-url';

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
    // an edited leg is no longer the window its search produced: it keeps no search
    setForm((f) => ({ ...f, legs: f.legs.map((l, j) => (j === i ? bareLeg({ ...l, ...patch }) : l)) }));
  const set = (key: 'from' | 'to' | 'cost' | 'benchmark'): Bound => ({
    value: form[key],
    onChange: (e) => setForm((f) => ({ ...f, [key]: e.target.value })),
  });
  const fields = { from: set('from'), to: set('to'), cost: set('cost'), benchmark: set('benchmark') };
  const bindLeg = (i: number): Record<'symbol' | 'start' | 'end', Bound> => {
    const bind = (key: 'symbol' | 'start' | 'end'): Bound => ({
      value: form.legs[i]![key],
      onChange: (e) => setLeg(i, { [key]: e.target.value }),
    });
    return { symbol: bind('symbol'), start: bind('start'), end: bind('end') };
  };
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
        const bound = bindLeg(i);
        return (
          <fieldset
            key={i}
            className={`row g-2 align-items-end mb-2${bad ? ' border border-danger rounded pb-2' : ''}`}
            data-testid={`backtest-leg-${i}`}
            aria-invalid={bad || undefined}
          >
            <legend className="visually-hidden">{t('form.leg', { n: i + 1 })}</legend>
            <SymbolField ns="backtest" id={`${id}-symbol`} error={errors[`legs.${i}.symbol`]} {...bound.symbol} />
            <WindowFields
              ns="backtest"
              idPrefix={id}
              errors={{ start: errors[`legs.${i}.start`], end: errors[`legs.${i}.end`] }}
              start={bound.start}
              end={bound.end}
            />
            <DirectionField
              ns="backtest"
              id={`${id}-direction`}
              value={leg.direction}
              onChange={(e) => setLeg(i, { direction: e.target.value === 'short' ? 'short' : 'long' })}
            />
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
        <YearRangeFields ns="backtest" idPrefix="bt" errors={errors} from={fields.from} to={fields.to} />
        <TextField id="bt-cost" label={t('form.cost')} error={errors.cost} inputMode="decimal" {...fields.cost} />
        <TextField
          id="bt-benchmark"
          label={t('form.benchmark')}
          error={errors.benchmark}
          autoComplete="off"
          {...fields.benchmark}
        />
        <YearSetFields
          idPrefix="bt"
          values={form}
          errors={errors}
          onChange={(patch) => setForm((f) => ({ ...f, ...patch }))}
        />
        <SubmitButton ns="backtest" />
      </div>
    </form>
  );
}
