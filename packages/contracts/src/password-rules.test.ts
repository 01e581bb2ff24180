import { describe, expect, it } from 'vitest';
import { signupRequestSchema } from './auth.js';
import { MESSAGES, passwordMatchesAccount } from './validators.js';

describe('passwords that name the account', () => {
  const account = { email: 'Jane.Doe@Example.com', username: 'JaneDoe_1' };

  it('match the e-mail, its local part or the username in any case', () => {
    for (const password of ['jane.doe@example.com', 'JANE.DOE', ' janedoe_1 ']) {
      expect(passwordMatchesAccount(password, account), password).toBe(true);
    }
    for (const password of ['jane.doe2', 'example.com', 'janedoe_1!', 'a long passphrase']) {
      expect(passwordMatchesAccount(password, account), password).toBe(false);
    }
  });

  it('are refused by the signup schema on the password field', () => {
    const result = signupRequestSchema.safeParse({
      email: 'abcdefghij@x.co',
      username: 'someone',
      password: 'ABCDEFGHIJ',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['password', MESSAGES.passwordPersonal],
    ]);
  });
});
