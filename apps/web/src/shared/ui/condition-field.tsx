import { useTranslation } from 'react-i18next';
import { i18n } from '../i18n/i18n';
import { ApiError } from '../lib/api-client';
import { TextField } from './fields';
import type { Bound } from './seasonality-form';

/**
 * The seasonal tools' "Condition" (analytics.md, "Conditional seasonality"): a technical-scanner
 * expression evaluated at each year's entry bar. A plain input: the scanner's own expression
 * input lives in its feature, which another feature may not import.
 */
export function ConditionField({
  id,
  error,
  className = 'col-12 col-md-6 col-lg-4',
  ...bound
}: { id: string; error?: string | undefined; className?: string } & Bound) {
  const { t } = useTranslation('common');
  return (
    <TextField
      id={id}
      label={t('condition.label')}
      placeholder={t('condition.placeholder')}
      hint={t('condition.hint')}
      error={error}
      className={className}
      autoComplete="off"
      spellCheck={false}
      aria-invalid={error ? true : undefined}
      {...bound}
    />
  );
}

/**
 * The API's 400 about a condition (`details.path` query.condition or body.condition) in the
 * reader's language: the scanner's problem text when its code is known, else the API's
 * message, with the position. Undefined for any other error.
 */
export function conditionError(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status !== 400) return undefined;
  const details = error.details as
    { path?: string; position?: number; problem?: { code: string; params?: Record<string, unknown> } } | undefined;
  if (details?.path !== 'query.condition' && details?.path !== 'body.condition') return undefined;
  const problem = details.problem;
  const key = problem ? `scanner:problems.${problem.code}` : '';
  const position = details.position ?? 0;
  if (problem && i18n.exists(key)) {
    const what = String(i18n.t(key as never, (problem.params ?? {}) as never));
    return `${what} ${String(i18n.t('scanner:problems.at' as never, { position } as never))}`;
  }
  return error.message.replace(/^Invalid (query|body)\.condition: /, '');
}
