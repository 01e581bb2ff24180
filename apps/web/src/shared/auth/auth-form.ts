import { MESSAGES, PASSWORD_MAX, PASSWORD_MIN } from '@solstice/contracts';
import { i18n } from '../i18n/i18n';
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

/**
 * A validator's message (the contract's and the server's are English) in the interface's
 * language; a message without a translation stays as it is.
 */
export function localizeMessage(message: string): string {
  const known: Record<string, () => string> = {
    'Enter your e-mail address or username.': () => i18n.t('auth:validation.login'),
    'Enter your password.': () => i18n.t('auth:validation.password'),
    'Enter your current password.': () => i18n.t('auth:validation.currentPassword'),
    'The reset link is invalid.': () => i18n.t('auth:validation.resetLink'),
    [MESSAGES.email]: () => i18n.t('auth:validation.email'),
    [MESSAGES.username]: () => i18n.t('auth:validation.username'),
    [MESSAGES.password]: () => i18n.t('auth:validation.passwordLength', { min: PASSWORD_MIN, max: PASSWORD_MAX }),
    [MESSAGES.passwordCommon]: () => i18n.t('auth:validation.passwordCommon'),
    [MESSAGES.passwordPersonal]: () => i18n.t('auth:validation.passwordPersonal'),
    [MESSAGES.nonEmptyString]: () => i18n.t('auth:validation.required'),
  };
  return Object.hasOwn(known, message) ? known[message]!() : message;
}

/** The first message of each field, as the contract's validators word it. */
export function validateFields<K extends string>(schema: FormSchema, values: Record<K, string>): FieldErrors<K> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: FieldErrors<K> = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? '') as K;
    if (key && !errors[key]) errors[key] = localizeMessage(issue.message);
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
    if (key && fields.includes(key) && !errors[key] && issue.message) errors[key] = localizeMessage(issue.message);
  }
  return errors;
}
