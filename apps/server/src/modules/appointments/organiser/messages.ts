import { LOCALES, type Locale } from '@agora/contracts';
import { translator } from '../../../platform/i18n/index.ts';

/** What the organiser's mails and exports say (`appointments:contact_mail`, `appointments:attendees_export`). */
export type OrganiserTexts = {
  /** The link of a mail to the attendees. */
  openAppointment: string;
  /** The line above the organiser's text. */
  wroteAbout: (sender: string, appointment: string) => string;
  columns: {
    lastName: string;
    firstName: string;
    email: string;
    status: string;
    roles: string;
    external: string;
    consumer: string;
  };
  statuses: { accepted: string; declined: string; invited: string };
  organizer: string;
  yes: string;
  no: string;
};

function organiserTexts(locale: Locale): OrganiserTexts {
  const t = translator(locale);
  const column = (key: string) => t(`appointments:attendees_export.columns.${key}`);
  return {
    openAppointment: t('appointments:contact_mail.open_appointment'),
    wroteAbout: (sender, appointment) => t('appointments:contact_mail.wrote_about', { sender, appointment }),
    columns: {
      lastName: column('last_name'),
      firstName: column('first_name'),
      email: column('email'),
      status: column('status'),
      roles: column('roles'),
      external: column('external'),
      consumer: column('consumer'),
    },
    statuses: {
      accepted: t('appointments:attendees_export.statuses.accepted'),
      declined: t('appointments:attendees_export.statuses.declined'),
      invited: t('appointments:attendees_export.statuses.invited'),
    },
    organizer: t('appointments:attendees_export.organizer'),
    yes: t('appointments:attendees_export.yes'),
    no: t('appointments:attendees_export.no'),
  };
}

/** The organiser's texts in every language a member can choose. */
export const ORGANISER_TEXTS = Object.fromEntries(LOCALES.map((locale) => [locale, organiserTexts(locale)])) as Record<
  Locale,
  OrganiserTexts
>;
