import type { Locale } from '@agora/contracts';

/** What the organiser's mails and exports say, in every language a member can choose. */
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
  /** The notification text where the web app knows no message for the type. */
  canceled: (appointment: string) => string;
};

const GERMAN: OrganiserTexts = {
  openAppointment: 'Termin ansehen',
  wroteAbout: (sender, appointment) => `${sender} schreibt Ihnen zum Termin „${appointment}“:`,
  columns: {
    lastName: 'Nachname',
    firstName: 'Vorname',
    email: 'E-Mail',
    status: 'Status',
    roles: 'Rollen',
    external: 'Extern',
    consumer: 'Kontakt ohne Anmeldung',
  },
  statuses: { accepted: 'Zugesagt', declined: 'Abgesagt', invited: 'Eingeladen' },
  organizer: 'Organisator',
  yes: 'Ja',
  no: 'Nein',
  canceled: (appointment) => `Der Termin „${appointment}“ wurde abgesagt.`,
};

export const ORGANISER_TEXTS: Record<Locale, OrganiserTexts> = {
  de: GERMAN,
  // Informal German differs only where the member is addressed.
  de_DU: {
    ...GERMAN,
    wroteAbout: (sender, appointment) => `${sender} schreibt dir zum Termin „${appointment}“:`,
  },
  en: {
    openAppointment: 'View the appointment',
    wroteAbout: (sender, appointment) => `${sender} writes to you about the appointment "${appointment}":`,
    columns: {
      lastName: 'Last name',
      firstName: 'First name',
      email: 'E-mail',
      status: 'Status',
      roles: 'Roles',
      external: 'External',
      consumer: 'Contact without sign-in',
    },
    statuses: { accepted: 'Accepted', declined: 'Declined', invited: 'Invited' },
    organizer: 'Organizer',
    yes: 'Yes',
    no: 'No',
    canceled: (appointment) => `The appointment "${appointment}" was canceled.`,
  },
  es: {
    openAppointment: 'Ver la cita',
    wroteAbout: (sender, appointment) => `${sender} te escribe sobre la cita «${appointment}»:`,
    columns: {
      lastName: 'Apellidos',
      firstName: 'Nombre',
      email: 'Correo electrónico',
      status: 'Estado',
      roles: 'Roles',
      external: 'Externo',
      consumer: 'Contacto sin acceso',
    },
    statuses: { accepted: 'Aceptada', declined: 'Rechazada', invited: 'Invitado' },
    organizer: 'Organizador',
    yes: 'Sí',
    no: 'No',
    canceled: (appointment) => `La cita «${appointment}» se ha cancelado.`,
  },
  fr: {
    openAppointment: 'Voir le rendez-vous',
    wroteAbout: (sender, appointment) => `${sender} vous écrit au sujet du rendez-vous « ${appointment} » :`,
    columns: {
      lastName: 'Nom',
      firstName: 'Prénom',
      email: 'E-mail',
      status: 'Statut',
      roles: 'Rôles',
      external: 'Externe',
      consumer: 'Contact sans connexion',
    },
    statuses: { accepted: 'Accepté', declined: 'Refusé', invited: 'Invité' },
    organizer: 'Organisateur',
    yes: 'Oui',
    no: 'Non',
    canceled: (appointment) => `Le rendez-vous « ${appointment} » a été annulé.`,
  },
};
