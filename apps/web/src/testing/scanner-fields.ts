import type { EndpointResponse } from '@solstice/contracts';
import type { MockRoute } from './test-utils';

type FieldsAnswer = EndpointResponse<'scannerFields'>;

/**
 * The scanner's fields as the server answers them: the numeric ones by name (`false`: the data
 * has no value for it), then the text ones with their values (`null`: none listed); `more`, the
 * answer's aliases, functions and bounds.
 */
export function scannerFieldsRoute(
  numbers: Record<string, boolean> = {},
  texts: Record<string, readonly string[] | null> = {},
  more: Partial<Omit<FieldsAnswer, 'fields'>> = {},
): MockRoute {
  return {
    path: '/api/v1/scanner/fields',
    body: {
      fields: [
        ...Object.entries(numbers).map(([name, available]) => ({ name, kind: 'number', available })),
        ...Object.entries(texts).map(([name, values]) => ({
          name,
          kind: 'text',
          available: true,
          ...(values ? { values } : {}),
        })),
      ],
      aliases: {},
      ...more,
    },
  };
}

/** The scan check's answer to an expression with a problem: the problem, and no count yet. */
export function scanProblemAnswer(problem: { code: string; params: object; position: number; message: string }) {
  return { body: { problem, asOf: null, count: null, notices: [] } };
}

/** A problem the fake scan check finds: where it is (a 0-based index, or null when absent) and what it says. */
export interface CheckProblem {
  at: (expression: string) => number | null;
  code: string;
  params: object;
  message: string | ((position: number) => string);
}

/** The place of `text` in an expression (0-based), or null when the expression lacks it. */
export const indexOf =
  (text: string) =>
  (expression: string): number | null => {
    const index = expression.indexOf(text);
    return index < 0 ? null : index;
  };

/**
 * The scan check as the server answers it (200 always): the first of `problems` the expression
 * has, at its 1-based position; otherwise 7 matches as of 2026-11-20, with `notices`.
 */
export function scanCheckRoute(problems: readonly CheckProblem[], notices: string[] = []): MockRoute {
  return {
    method: 'POST',
    path: '/api/v1/scanner/check',
    respond: ({ body }) => {
      const expression = (body as { expression: string }).expression;
      for (const { at, code, params, message } of problems) {
        const index = at(expression);
        if (index === null) continue;
        const position = index + 1;
        return scanProblemAnswer({
          code,
          params,
          position,
          message: typeof message === 'string' ? message : message(position),
        });
      }
      return { body: { problem: null, asOf: '2026-11-20', count: 7, notices } };
    },
  };
}
