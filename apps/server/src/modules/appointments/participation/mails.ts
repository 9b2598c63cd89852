import type { Locale } from '@agora/contracts';
import { localeFor, translator } from '../../../platform/i18n/index.ts';
import type { MailContent } from '../../../platform/mail/layout.ts';

/** The recipient's own language, else the network's; German when neither is one of ours. */
export const mailLocale = localeFor;

/** The appointment's start in the recipient's language, in the appointment's own zone. */
function formatWhen(locale: Locale, start: Date, allDay: boolean, timeZone: string): string {
  const format = new Intl.DateTimeFormat(locale.split('_')[0], {
    dateStyle: 'full',
    ...(allDay ? {} : { timeStyle: 'short' }),
    timeZone,
  });
  const text = format.format(start);
  return allDay ? text : `${text} (${timeZone})`;
}

export type InviteMailInput = {
  actorName: string;
  name: string;
  start: Date;
  allDay: boolean;
  timeZone: string;
  url: string;
};

/** The invitation mail (`appointments:invite_mail`). */
export function inviteMail(locale: Locale, input: InviteMailInput): MailContent {
  const t = translator(locale);
  const date = formatWhen(locale, input.start, input.allDay, input.timeZone);
  return {
    subject: t('appointments:invite_mail.subject', { name: input.name }),
    paragraphs: [
      t('appointments:invite_mail.invited', { actor: input.actorName, name: input.name }),
      t('appointments:invite_mail.when', { date }),
    ],
    action: { label: t('appointments:invite_mail.action'), url: input.url },
    closing: [t('appointments:invite_mail.closing')],
  };
}
