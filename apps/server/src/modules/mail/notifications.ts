import { publicOrigin, type Settings } from '../../config/settings.js';
import type { MailSender } from './mail-sender.js';
import { browserLanguage } from '@solstice/contracts';
import { mailRecipient, mailTemplates, mailTo } from './mail-templates.js';

/** A user row as the account mails read it. */
export interface AccountMailUser {
  email: string;
  username: string;
  locale?: string | null;
}

/** What the account mails need. */
export interface NotificationDeps {
  settings: Pick<Settings, 'PUBLIC_URL' | 'PORT' | 'SMTP_URL' | 'NODE_ENV' | 'DEFAULT_LANGUAGE'>;
  mail: MailSender;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

// Links in mail point at PUBLIC_URL, never at the Host a request named.
const appUrl = (deps: Pick<NotificationDeps, 'settings'>) => publicOrigin(deps.settings);

/** The welcome mail after signup, in the account's language, else the browser's that signed up. Never throws: a mail problem must not fail the signup. */
export async function sendWelcome(
  deps: NotificationDeps,
  user: AccountMailUser,
  acceptLanguage?: string,
): Promise<void> {
  const mail = mailTemplates.welcome(
    mailRecipient(user, browserLanguage(acceptLanguage) ?? deps.settings.DEFAULT_LANGUAGE),
    appUrl(deps),
  );
  try {
    await deps.mail.send(mailTo(user.email, mail));
  } catch (error) {
    deps.log.warn({ err: error }, 'welcome mail could not be sent');
  }
}

/**
 * The password-reset mail with its link `<PUBLIC_URL>/?reset=<token>`. The outbox keeps it with
 * the token redacted; without SMTP_URL nobody receives it, so in development the link goes to
 * the server log instead (never in production). Throws when delivery fails.
 */
export async function sendPasswordReset(
  deps: NotificationDeps,
  user: AccountMailUser,
  token: string,
  validMinutes: number,
): Promise<void> {
  const link = `${appUrl(deps)}/?reset=${token}`;
  const mail = mailTemplates.passwordReset(mailRecipient(user, deps.settings.DEFAULT_LANGUAGE), link, validMinutes);
  await deps.mail.send({ ...mailTo(user.email, mail), secrets: [token] });
  if (deps.settings.SMTP_URL) return;
  if (deps.settings.NODE_ENV === 'development') {
    deps.log.info({ to: user.email, link }, 'development without SMTP_URL: the password-reset link');
  } else if (deps.settings.NODE_ENV === 'production') {
    deps.log.warn({ to: user.email }, 'a password-reset mail reached nobody: set SMTP_URL');
  }
}
