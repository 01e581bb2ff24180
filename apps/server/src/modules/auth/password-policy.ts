import { MESSAGES, passwordMatchesAccount } from '@solstice/contracts';
import { validationFailed } from '../../http/errors.js';

let common: Promise<Set<string>> | null = null;

/**
 * zxcvbn-ts's list of about 49,000 passwords most frequent in public breaches, lowercased;
 * loaded with the first password checked, not when the server starts.
 */
function commonPasswords(): Promise<Set<string>> {
  common ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common'].map((p) => p.toLowerCase())),
  );
  return common;
}

/**
 * What is wrong with a new password beyond its length (the contract checks that): on the
 * common/breached list (any case), or the account's e-mail, its local part or its username.
 */
export async function passwordPolicyProblem(
  password: string,
  account: { email?: string; username?: string },
): Promise<string | null> {
  if ((await commonPasswords()).has(password.trim().toLowerCase())) return MESSAGES.passwordCommon;
  if (passwordMatchesAccount(password, account)) return MESSAGES.passwordPersonal;
  return null;
}

/** Throws the 400 validation error on `path` (e.g. "body.newPassword") when the password breaks the policy. */
export async function assertPasswordPolicy(
  password: string,
  account: { email?: string; username?: string },
  path: string,
): Promise<void> {
  const message = await passwordPolicyProblem(password, account);
  if (message) throw validationFailed(message, [{ path, message }]);
}
