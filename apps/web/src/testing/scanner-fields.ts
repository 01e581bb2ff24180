import type { MockRoute } from './test-utils';

/**
 * The scanner's fields as the server answers them: the numeric ones by name (`false`: the data
 * has no value for it), then the text ones with their values.
 */
export function scannerFieldsRoute(
  numbers: Record<string, boolean> = {},
  texts: Record<string, readonly string[]> = {},
): MockRoute {
  return {
    path: '/api/v1/scanner/fields',
    body: {
      fields: [
        ...Object.entries(numbers).map(([name, available]) => ({ name, kind: 'number', available })),
        ...Object.entries(texts).map(([name, values]) => ({ name, kind: 'text', available: true, values })),
      ],
      aliases: {},
    },
  };
}

/** The scan check's answer to an expression with a problem: the problem, and no count yet. */
export function scanProblemAnswer(problem: { code: string; params: object; position: number; message: string }) {
  return { body: { problem, asOf: null, count: null, notices: [] } };
}
