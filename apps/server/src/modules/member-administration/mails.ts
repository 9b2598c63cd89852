import { translator } from '../../platform/i18n/index.ts';
import type { MailContent } from '../../platform/mail/layout.ts';

export type WelcomeMailInput = { name: string; actor: string; network: string; email: string; link: string };

/** The welcome mail of a member an administrator made: the link chooses the first password (`accounts:welcome`). */
export function welcomeMail(locale: string, input: WelcomeMailInput): MailContent {
  const t = translator(locale);
  const values = { name: input.name, actor: input.actor, network: input.network, email: input.email };
  return {
    subject: t('accounts:welcome.subject', values),
    paragraphs: [t('accounts:welcome.greeting', values), t('accounts:welcome.body', values)],
    action: { label: t('accounts:welcome.action'), url: input.link },
    closing: [t('accounts:welcome.validity')],
  };
}
