import { LOCALES, type Locale } from '@agora/contracts';
import type { MailContent } from '../../../platform/mail/layout.ts';

type InviteTexts = {
  subject: (name: string) => string;
  invited: (actor: string, name: string) => string;
  when: (date: string) => string;
  action: string;
  closing: string;
};

// The invitation mail in every language a member can choose.
const TEXTS: Record<Locale, InviteTexts> = {
  de: {
    subject: (name) => `Einladung: ${name}`,
    invited: (actor, name) => `${actor} hat Sie zum Termin „${name}“ eingeladen.`,
    when: (date) => `Wann: ${date}`,
    action: 'Termin ansehen und antworten',
    closing: 'Sie können die Einladung auf der Seite des Termins oder in Ihren Einladungen annehmen oder ablehnen.',
  },
  de_DU: {
    subject: (name) => `Einladung: ${name}`,
    invited: (actor, name) => `${actor} hat dich zum Termin „${name}“ eingeladen.`,
    when: (date) => `Wann: ${date}`,
    action: 'Termin ansehen und antworten',
    closing: 'Du kannst die Einladung auf der Seite des Termins oder in deinen Einladungen annehmen oder ablehnen.',
  },
  en: {
    subject: (name) => `Invitation: ${name}`,
    invited: (actor, name) => `${actor} invited you to the appointment "${name}".`,
    when: (date) => `When: ${date}`,
    action: 'View the appointment and answer',
    closing: 'You can accept or decline the invitation on the appointment page or in your invites.',
  },
  es: {
    subject: (name) => `Invitación: ${name}`,
    invited: (actor, name) => `${actor} te ha invitado a la cita «${name}».`,
    when: (date) => `Cuándo: ${date}`,
    action: 'Ver la cita y responder',
    closing: 'Puedes aceptar o rechazar la invitación en la página de la cita o en tus invitaciones.',
  },
  fr: {
    subject: (name) => `Invitation : ${name}`,
    invited: (actor, name) => `${actor} vous a invité au rendez-vous « ${name} ».`,
    when: (date) => `Quand : ${date}`,
    action: 'Voir le rendez-vous et répondre',
    closing: "Vous pouvez accepter ou refuser l'invitation sur la page du rendez-vous ou dans vos invitations.",
  },
};

export function mailLocale(locale: string | null | undefined, fallback: string): Locale {
  const wanted = (locale ?? fallback) as Locale;
  return LOCALES.includes(wanted) ? wanted : 'de';
}

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

export function inviteMail(locale: Locale, input: InviteMailInput): MailContent {
  const t = TEXTS[locale];
  return {
    subject: t.subject(input.name),
    paragraphs: [
      t.invited(input.actorName, input.name),
      t.when(formatWhen(locale, input.start, input.allDay, input.timeZone)),
    ],
    action: { label: t.action, url: input.url },
    closing: [t.closing],
  };
}
