import { z } from 'zod';
import { ROLES } from './permissions.js';
import { MESSAGES, emailSchema, passwordMatchesAccount, passwordSchema, usernameSchema } from './validators.js';

const loginMax = 254;

export const signupRequestSchema = z
  .strictObject({
    email: emailSchema,
    username: usernameSchema,
    password: passwordSchema,
  })
  .refine((v) => !passwordMatchesAccount(v.password, v), { message: MESSAGES.passwordPersonal, path: ['password'] });
export type SignupRequest = z.input<typeof signupRequestSchema>;

/** `login` is the e-mail address or the username. */
export const loginRequestSchema = z.strictObject({
  login: z
    .string({ message: 'Enter your e-mail address or username.' })
    .trim()
    .min(1, 'Enter your e-mail address or username.')
    .max(loginMax, 'Enter your e-mail address or username.'),
  password: z.string({ message: 'Enter your password.' }).min(1, 'Enter your password.').max(1024, MESSAGES.password),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

export const passwordChangeRequestSchema = z.strictObject({
  currentPassword: z
    .string({ message: 'Enter your current password.' })
    .min(1, 'Enter your current password.')
    .max(1024),
  newPassword: passwordSchema,
});
export type PasswordChangeRequest = z.input<typeof passwordChangeRequestSchema>;

export const passwordResetRequestSchema = z.strictObject({
  email: z.string({ message: MESSAGES.email }).trim().min(1, MESSAGES.email).max(254, MESSAGES.email),
});
export type PasswordResetRequest = z.input<typeof passwordResetRequestSchema>;

export const passwordResetConfirmSchema = z.strictObject({
  token: z
    .string({ message: 'The reset link is invalid.' })
    .regex(/^[A-Za-z0-9_-]{20,100}$/, 'The reset link is invalid.'),
  newPassword: passwordSchema,
});
export type PasswordResetConfirm = z.input<typeof passwordResetConfirmSchema>;

export function isTimeZone(value: string): boolean {
  if (value.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export function isLocale(value: string): boolean {
  if (!/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(value) || value.length > 35) return false;
  try {
    return Intl.getCanonicalLocales(value).length === 1;
  } catch {
    return false;
  }
}

export const layoutSchema = z.strictObject({
  sidebarCollapsed: z.boolean().optional(),
  sidebarDark: z.boolean().optional(),
  topbarDark: z.boolean().optional(),
  horizontal: z.boolean().optional(),
});
export type LayoutPreferences = z.infer<typeof layoutSchema>;

export const preferencesRequestSchema = z
  .strictObject({
    locale: z.string().refine(isLocale, 'Choose a locale such as tr-TR or en-US.').optional(),
    timeZone: z.string().refine(isTimeZone, 'Choose a time zone such as Europe/Istanbul.').optional(),
    layout: layoutSchema.optional(),
    /** The first-run tour is done (true) or to be shown again on the next visit (false). */
    tutorialSeen: z.boolean().optional(),
  })
  .refine(
    (v) => v.locale !== undefined || v.timeZone !== undefined || v.layout !== undefined || v.tutorialSeen !== undefined,
    { message: 'Send at least one of locale, timeZone, layout, tutorialSeen.' },
  );
export type PreferencesRequest = z.input<typeof preferencesRequestSchema>;

export const userSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  username: z.string(),
  /** The interface language's locale this user chose; null until they choose (the browser decides). */
  locale: z.string().nullable(),
  /** The time zone this user chose; null until they choose (the operator's default applies). */
  timeZone: z.string().nullable(),
  layout: layoutSchema,
  /** Whether this account has done the first-run tour (on any device). */
  tutorialSeen: z.boolean(),
  createdAt: z.number().int(),
});
export type User = z.infer<typeof userSchema>;

/** GET /api/me, login, signup and password change answer with this (the store reads `data` and `roles`). */
export const meResponseSchema = z.object({
  data: userSchema,
  roles: z.array(z.enum(ROLES)),
  subscriber: z.boolean(),
});
export type MeResponse = z.infer<typeof meResponseSchema>;
