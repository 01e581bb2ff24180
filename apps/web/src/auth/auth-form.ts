import { ApiError } from '../lib/api-client';

/** Any contract schema (zod): only safeParse is used. */
export interface FormSchema {
  safeParse(
    value: unknown,
  ):
    | { success: true }
    | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** The first message of each field, as the contract's validators word it. */
export function validateFields<K extends string>(schema: FormSchema, values: Record<K, string>): FieldErrors<K> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: FieldErrors<K> = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? '') as K;
    if (key && !errors[key]) errors[key] = issue.message;
  }
  return errors;
}

/** A 400 answer's `details.issues` ({ path: 'body.email', message }) mapped onto the fields. */
export function serverFieldErrors<K extends string>(error: unknown, fields: readonly K[]): FieldErrors<K> {
  if (!(error instanceof ApiError)) return {};
  const issues = (error.details as { issues?: { path?: string; message?: string }[] } | undefined)?.issues;
  const errors: FieldErrors<K> = {};
  for (const issue of issues ?? []) {
    const key = issue.path?.replace(/^body\./, '').split('.')[0] as K | undefined;
    if (key && fields.includes(key) && !errors[key] && issue.message) errors[key] = issue.message;
  }
  return errors;
}
