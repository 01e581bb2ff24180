import type { TFunction } from 'i18next';
import type { ScanProblem } from '@solstice/contracts';
import { i18n } from '../i18n/i18n';
import { problemParams } from './problem-params';

/**
 * An expression's problem in the reader's language, from its code and params (the server's
 * English message only for a code these texts do not know): what, where, and a suggestion.
 */
export function problemText(t: TFunction<'scanner'>, problem: ScanProblem): string {
  const key = `problems.${problem.code}`;
  const params = problemParams(t, problem);
  const what = i18n.exists(`scanner:${key}`) ? String(t(key as never, params as never)) : problem.message;
  let text = what;
  if (problem.code.startsWith('expected_')) {
    if (params.after !== undefined) text += ' ' + t('problems.after', { after: params.after });
    if (params.found !== undefined) text += t('problems.found', { found: params.found });
  }
  text += ' ' + t('problems.at', { position: problem.position });
  if (params.suggestion !== undefined) text += ' ' + t('problems.suggestion', { suggestion: params.suggestion });
  return text;
}
