import { useState, type ChangeEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ScanFieldsResponse } from '@solstice/contracts';
import { apiGet } from '../api';
import { i18n } from '../i18n/i18n';
import { ApiError } from '../lib/api-client';
import { ExpressionEditor } from '../expression-editor/expression-editor';
import { problemText } from '../expression-editor/problem-text';
import { Field } from './fields';
import type { Bound } from './seasonality-form';

/** The API's problem with a condition: its message in the reader's language, and where it is (1-based). */
export interface ConditionProblem {
  message: string;
  position: number;
}

/** A seasonal field of the scan language (`season<L>.<stat>`), which a condition refuses. */
const SEASONAL = /^season\d*\./i;

/**
 * The scan language as a condition takes it: without rank() (a condition is one symbol's, with
 * no universe to rank in) and without the seasonal fields (a condition decides the seasonal
 * statistics; analytics.md, "Conditional seasonality").
 */
export function conditionVocabulary(fields: ScanFieldsResponse | undefined): ScanFieldsResponse | undefined {
  if (!fields) return undefined;
  const { seasonal: _seasonal, ...rest } = fields;
  return {
    ...rest,
    fields: fields.fields.filter((f) => !SEASONAL.test(f.name)),
    aliases: Object.fromEntries(
      Object.entries(fields.aliases).filter(([alias, target]) => !SEASONAL.test(alias) && !SEASONAL.test(target)),
    ),
    ...(fields.functions ? { functions: fields.functions.filter((f) => f.name.toLowerCase() !== 'rank') } : {}),
  };
}

/**
 * The seasonal tools' "Condition" (analytics.md, "Conditional seasonality"): a technical-scanner
 * expression evaluated at each year's entry bar, typed in the scanner's expression editor
 * (completion, signature help, the API's mistake underlined). The fields load on the first
 * focus: a screen whose condition is never edited asks nothing more.
 */
export function ConditionField({
  id,
  problem,
  checked,
  className = 'col-12 col-md-6 col-lg-4',
  value,
  onChange,
}: {
  id: string;
  problem?: ConditionProblem | undefined;
  /** The condition the API answered about (where `problem.position` points). */
  checked?: string | undefined;
  className?: string;
} & Bound) {
  const { t } = useTranslation('common');
  const [focused, setFocused] = useState(false);
  const fields = useQuery({
    queryKey: ['scan-fields'],
    queryFn: () => apiGet('scannerFields', undefined, { background: true }),
    staleTime: 5 * 60_000,
    enabled: focused,
  });
  const expression = (checked ?? '').trim();
  return (
    <Field
      id={id}
      label={t('condition.label')}
      hint={t('condition.hint')}
      error={problem?.message}
      className={className}
    >
      <div onFocus={() => setFocused(true)}>
        <ExpressionEditor
          id={id}
          value={value}
          // The form's fields take input events; the editor gives the new text.
          onChange={(text) => onChange({ target: { value: text } } as ChangeEvent<HTMLInputElement>)}
          onSubmit={() => document.getElementById(id)?.closest('form')?.requestSubmit()}
          fields={conditionVocabulary(fields.data)}
          mark={problem && expression ? { expression, position: problem.position } : null}
          invalid={Boolean(problem)}
          placeholder={t('condition.placeholder')}
          describedBy={problem ? `${id}-error` : `${id}-hint`}
        />
      </div>
    </Field>
  );
}

/**
 * The API's 400 about a condition (`details.path` query.condition or body.condition) in the
 * reader's language (the scanner's problem text when its code is known, else the API's
 * message) with its position. Undefined for any other error.
 */
export function conditionProblem(error: unknown): ConditionProblem | undefined {
  if (!(error instanceof ApiError) || error.status !== 400) return undefined;
  const details = error.details as
    { path?: string; position?: number; problem?: { code: string; params?: Record<string, unknown> } } | undefined;
  if (details?.path !== 'query.condition' && details?.path !== 'body.condition') return undefined;
  const position = details.position ?? 0;
  const apiMessage = error.message.replace(/^Invalid (query|body)\.condition: /, '');
  const problem = details.problem;
  if (problem && i18n.exists(`scanner:problems.${problem.code}`)) {
    const t = i18n.getFixedT(null, 'scanner');
    const params = (problem.params ?? {}) as never;
    return { message: problemText(t, { code: problem.code, params, position, message: apiMessage }), position };
  }
  return { message: apiMessage, position };
}
