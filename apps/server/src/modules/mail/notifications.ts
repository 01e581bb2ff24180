import { publicOrigin } from '../../config/settings.js';
import type { AppContext } from '../../context.js';
import { mailTemplates, type MailUser } from './mail-templates.js';

// Links in mail point at PUBLIC_URL, never at the Host a request named.
const appUrl = (ctx: Pick<AppContext, 'settings'>) => publicOrigin(ctx.settings);

/** The welcome mail after signup. Never throws: a mail problem must not fail the signup. */
export async function sendWelcome(
  ctx: Pick<AppContext, 'settings' | 'mail' | 'logger'>,
  user: MailUser,
): Promise<void> {
  const mail = mailTemplates.welcome(user, appUrl(ctx));
  try {
    await ctx.mail.send({
      to: user.email,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      template: mail.template,
    });
  } catch (error) {
    ctx.logger?.warn({ err: error }, 'welcome mail could not be sent');
  }
}

/**
 * The password-reset mail with its link `<PUBLIC_URL>/?reset=<token>`. The outbox keeps it with
 * the token redacted; without SMTP_URL nobody receives it, so in development the link goes to
 * the server log instead (never in production). Throws when delivery fails.
 */
export async function sendPasswordReset(
  ctx: Pick<AppContext, 'settings' | 'mail' | 'logger'>,
  user: MailUser,
  token: string,
  validMinutes: number,
): Promise<void> {
  const link = `${appUrl(ctx)}/?reset=${token}`;
  const mail = mailTemplates.passwordReset(user, link, validMinutes);
  await ctx.mail.send({
    to: user.email,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    template: mail.template,
    secrets: [token],
  });
  if (ctx.settings.SMTP_URL) return;
  if (ctx.settings.NODE_ENV === 'development') {
    ctx.logger?.info({ to: user.email, link }, 'development without SMTP_URL: the password-reset link');
  } else if (ctx.settings.NODE_ENV === 'production') {
    ctx.logger?.warn({ to: user.email }, 'a password-reset mail reached nobody: set SMTP_URL');
  }
}
