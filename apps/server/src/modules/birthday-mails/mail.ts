import type { NetworkSettings } from '@agora/contracts';
import { translator } from '../../platform/i18n/index.ts';
import type { MailContent } from '../../platform/mail/layout.ts';

export type BirthdayMailInput = Partial<Pick<NetworkSettings['birthday_emails'], 'image' | 'subject' | 'text'>>;

/**
 * The birthday mail to a member: the network's subject and text (paragraphs split at blank
 * lines), each falling back to the default in the member's language; the image, a path on this
 * server, as a link to it (mails show no images of their own).
 */
export function birthdayMail(
  locale: string,
  input: BirthdayMailInput,
  recipient: { firstName: string; publicUrl: string },
): MailContent {
  const t = translator(locale);
  const text = input.text?.trim() ?? '';
  const paragraphs = text ? text.split(/\n\s*\n/).map((p) => p.trim()) : [t('mail:birthday.text')];
  return {
    subject: input.subject?.trim() || t('mail:birthday.subject'),
    paragraphs: [t('mail:birthday.greeting', { name: recipient.firstName }), ...paragraphs],
    ...(input.image
      ? { action: { label: t('mail:birthday.image'), url: `${recipient.publicUrl}${input.image}` } }
      : {}),
  };
}
