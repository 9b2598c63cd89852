import { translator } from '../../platform/i18n/index.ts';
import type { MailContent } from '../../platform/mail/layout.ts';

/** The password reset mail in the member's language (`accounts:password_reset`; English for one we do not speak). */
export function passwordResetMail(locale: string, link: string, networkName: string): MailContent {
  const t = translator(locale);
  return {
    subject: t('accounts:password_reset.subject'),
    paragraphs: [t('accounts:password_reset.greeting'), t('accounts:password_reset.request', { network: networkName })],
    action: { label: t('accounts:password_reset.action'), url: link },
    closing: [t('accounts:password_reset.validity')],
  };
}

/** The link that confirms a new address, mailed to that address (`accounts:email_confirmation`). */
export function emailConfirmationMail(locale: string, link: string, networkName: string): MailContent {
  const t = translator(locale);
  return {
    subject: t('accounts:email_confirmation.subject'),
    paragraphs: [
      t('accounts:email_confirmation.greeting'),
      t('accounts:email_confirmation.request', { network: networkName }),
    ],
    action: { label: t('accounts:email_confirmation.action'), url: link },
    closing: [t('accounts:email_confirmation.validity')],
  };
}
