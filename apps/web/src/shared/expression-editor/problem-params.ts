import type { TFunction } from 'i18next';
import type { ScanProblem } from '@solstice/contracts';

/** The argument counts the API words in English ("takes 2 arguments"), keyed for the texts. */
const ARGUMENT_COUNTS: Readonly<Record<string, 'one' | 'two' | 'oneOrTwo'>> = {
  '1 argument': 'one',
  '2 arguments': 'two',
  '1 or 2 arguments': 'oneOrTwo',
};

/** A problem's params with the words the API sends in English put in the reader's language. */
export function problemParams(t: TFunction<'scanner'>, problem: ScanProblem): ScanProblem['params'] {
  // An offset after text: the API names what it follows with the English word "text".
  if (problem.code === 'offset_not_allowed' && problem.params.after === 'text') {
    return { ...problem.params, after: t('problems.text') };
  }
  const count = problem.params.count;
  const key = typeof count === 'string' ? ARGUMENT_COUNTS[count] : undefined;
  return key ? { ...problem.params, count: t(`problems.argumentCounts.${key}`) } : problem.params;
}
