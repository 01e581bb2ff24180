import { dictionary } from '@zxcvbn-ts/language-common';
import { MESSAGES, passwordMatchesAccount } from '@solstice/contracts';
import { validationFailed } from '../../http/errors.js';

let common: Set<string> | null = null;

/** zxcvbn-ts's list of about 49,000 passwords most frequent in public breaches, lowercased. */
function commonPasswords(): Set<string> {
  common ??= new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));
  return common;
}

/**
 * What is wrong with a new password beyond its length (the contract checks that): on the
 * common/breached list (any case), or the account's e-mail, its local part or its username.
 */
export function passwordPolicyProblem(password: string, account: { email?: string; username?: string }): string | null {
  if (commonPasswords().has(password.trim().toLowerCase())) return MESSAGES.passwordCommon;
  if (passwordMatchesAccount(password, account)) return MESSAGES.passwordPersonal;
  return null;
}

/** Throws the 400 validation error on `path` (e.g. "body.newPassword") when the password breaks the policy. */
export function assertPasswordPolicy(
  password: string,
  account: { email?: string; username?: string },
  path: string,
): void {
  const message = passwordPolicyProblem(password, account);
  if (message) throw validationFailed(message, [{ path, message }]);
}
