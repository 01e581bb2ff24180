import { useState, type ComponentType, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../i18n/i18n';
import type { FormName } from '../shell';
import { useFollowSymbol, type FocusParams } from './follow-symbol';
import { premiumScreen } from './premium-gate';
import { useScreenForm } from './screen-form';
import { TOOL_NS, type Bound, type ToolNs } from './seasonality-form';
import type { ToolInfo } from './states';
import { rollAdjustQuery } from './roll-adjust-query';
import { checkYearSet, normalizeYearSet, yearSetQuery, type YearSetValues } from './year-sets';

type Values = Record<string, string>;

/** What a tool does, in the current language (read at call time): `<ns>:tool.*`. */
export function toolInfo(ns: ToolNs, features: readonly string[]): ToolInfo {
  // the feature keys are each namespace's own (`tool.features.<key>`)
  const text = i18n.t as unknown as (key: string) => string;
  return {
    title: i18n.t(`${ns}:tool.title`),
    description: i18n.t(`${ns}:tool.description`),
    features: features.map((key) => text(`${ns}:tool.features.${key}`)),
  };
}

/** A tool's screen: the tool (`Tool`) behind the premium gate, which tells what it does (`tool`), under its title. */
export function toolScreen(ns: ToolNs, tool: () => ToolInfo, Tool: ComponentType) {
  return premiumScreen(ns, () => tool(), 'title', Tool);
}

/** A tool's page: its title, its form, the hint until it can run, then its result. */
export function ToolPage({
  ns,
  testId,
  ready,
  form,
  children,
}: {
  ns: ToolNs;
  testId: string;
  ready: boolean;
  form: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation(TOOL_NS);
  return (
    <div className="container-fluid py-3" data-testid={testId}>
      <h1 className="h4">{t(`${ns}:title`)}</h1>
      {form}
      {!ready ? <p className="text-muted">{t(`${ns}:hint`)}</p> : null}
      {children}
    </div>
  );
}

/**
 * The form of a seasonality tool that looks at one symbol: its fields in the URL (else the
 * remembered form, else the defaults: `useScreenForm`), the symbol, years and year set shared
 * with the other tools (`useFollowSymbol`), and a submit that tidies the values (symbol in
 * capitals, the year set normalized), checks them and, when they are right, runs the query.
 */
export function useSeasonalityTool<K extends string>({
  keys,
  formName = null,
  defaults,
  isReady,
  check,
  tidy = (values) => values,
}: {
  keys: readonly K[];
  formName?: FormName | null;
  defaults: Record<K, string>;
  /** Whether the URL holds enough to run the query. */
  isReady: (url: Partial<Record<K, string>>) => boolean;
  /** The problems of the submitted values (the year set's are added), keyed by field. */
  check: (values: Values) => Record<string, string>;
  /** More tidying of the submitted values than the symbol's capitals. */
  tidy?: (values: Values) => Values;
}) {
  const screen = useScreenForm(keys, formName, defaults);
  const { url, form, setForm, setUrl, submit } = screen;
  const [errors, setErrors] = useState<Record<string, string>>({});
  const ready = isReady(url);
  useFollowSymbol(url, ready, (focus) => setUrl({ ...form, ...focus }, true));
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const now: Values = form;
    const values = normalizeYearSet(tidy({ ...now, symbol: (now.symbol ?? '').trim().toUpperCase() }));
    const problems = { ...check(values), ...checkYearSet(values) };
    setErrors(problems);
    if (!Object.keys(problems).length) submit(values as Record<K, string>);
  };
  const shown: Partial<Values> = url;
  /** The symbol, years, year set and roll adjustment on screen, for the links to the other tools. */
  const focus: FocusParams = {
    symbol: shown.symbol,
    from: shown.from,
    to: shown.to,
    ...yearSetQuery(shown),
    ...rollAdjustQuery(shown.rollAdjust),
  };
  /** The year-set controls' values, messages and change handler. */
  const yearSet = {
    values: form as Partial<YearSetValues>,
    errors,
    onChange: (patch: Partial<YearSetValues>) => setForm((v) => ({ ...v, ...patch })),
  };
  /** Each input's value and change handler, by key. */
  const bound = Object.fromEntries(keys.map((k) => [k, screen.field(k)])) as Record<K, Bound>;
  return { ...screen, errors, ready, onSubmit, focus, yearSet, bound };
}
