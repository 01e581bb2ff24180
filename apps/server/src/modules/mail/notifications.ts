import type { AppContext } from '../../context.js';
import { mailTemplates, type MailUser } from './mail-templates.js';

function appUrl(ctx: Pick<AppContext, 'settings'>): string {
  return (ctx.settings.PUBLIC_URL ?? `http://localhost:${ctx.settings.PORT}`).replace(/\/$/, '');
}

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

/** The password-reset mail; `resetPath` is the app path with the token (e.g. /reset?token=…). Throws on failure. */
export async function sendPasswordReset(
  ctx: Pick<AppContext, 'settings' | 'mail'>,
  user: MailUser,
  resetPath: string,
  validMinutes: number,
): Promise<void> {
  const url = /^https?:\/\//.test(resetPath)
    ? resetPath
    : `${appUrl(ctx)}${resetPath.startsWith('/') ? '' : '/'}${resetPath}`;
  const mail = mailTemplates.passwordReset(user, url, validMinutes);
  await ctx.mail.send({
    to: user.email,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    template: mail.template,
  });
}
