// Every locale's namespaces, imported statically so that the bundled server carries them.
import type { Locale } from '@agora/contracts';
import deAccounts from './locales/de/accounts.json' with { type: 'json' };
import deAppointments from './locales/de/appointments.json' with { type: 'json' };
import deInvitations from './locales/de/invitations.json' with { type: 'json' };
import deMail from './locales/de/mail.json' with { type: 'json' };
import deNotifications from './locales/de/notifications.json' with { type: 'json' };
import deSearch from './locales/de/search.json' with { type: 'json' };
import deDUAccounts from './locales/de_DU/accounts.json' with { type: 'json' };
import deDUAppointments from './locales/de_DU/appointments.json' with { type: 'json' };
import deDUInvitations from './locales/de_DU/invitations.json' with { type: 'json' };
import deDUMail from './locales/de_DU/mail.json' with { type: 'json' };
import deDUNotifications from './locales/de_DU/notifications.json' with { type: 'json' };
import deDUSearch from './locales/de_DU/search.json' with { type: 'json' };
import enAccounts from './locales/en/accounts.json' with { type: 'json' };
import enAppointments from './locales/en/appointments.json' with { type: 'json' };
import enInvitations from './locales/en/invitations.json' with { type: 'json' };
import enMail from './locales/en/mail.json' with { type: 'json' };
import enNotifications from './locales/en/notifications.json' with { type: 'json' };
import enSearch from './locales/en/search.json' with { type: 'json' };
import esAccounts from './locales/es/accounts.json' with { type: 'json' };
import esAppointments from './locales/es/appointments.json' with { type: 'json' };
import esInvitations from './locales/es/invitations.json' with { type: 'json' };
import esMail from './locales/es/mail.json' with { type: 'json' };
import esNotifications from './locales/es/notifications.json' with { type: 'json' };
import esSearch from './locales/es/search.json' with { type: 'json' };
import frAccounts from './locales/fr/accounts.json' with { type: 'json' };
import frAppointments from './locales/fr/appointments.json' with { type: 'json' };
import frInvitations from './locales/fr/invitations.json' with { type: 'json' };
import frMail from './locales/fr/mail.json' with { type: 'json' };
import frNotifications from './locales/fr/notifications.json' with { type: 'json' };
import frSearch from './locales/fr/search.json' with { type: 'json' };

/** A namespace's messages: nested objects of strings. */
export type Bundle = { [key: string]: string | Bundle };

/** The server's namespaces, one per module that speaks to members (and `mail` for the layout). */
export const NAMESPACES = ['accounts', 'appointments', 'invitations', 'mail', 'notifications', 'search'] as const;

export type Namespace = (typeof NAMESPACES)[number];

export const resources: Record<Locale, Record<Namespace, Bundle>> = {
  de: {
    accounts: deAccounts,
    appointments: deAppointments,
    invitations: deInvitations,
    mail: deMail,
    notifications: deNotifications,
    search: deSearch,
  },
  de_DU: {
    accounts: deDUAccounts,
    appointments: deDUAppointments,
    invitations: deDUInvitations,
    mail: deDUMail,
    notifications: deDUNotifications,
    search: deDUSearch,
  },
  en: {
    accounts: enAccounts,
    appointments: enAppointments,
    invitations: enInvitations,
    mail: enMail,
    notifications: enNotifications,
    search: enSearch,
  },
  es: {
    accounts: esAccounts,
    appointments: esAppointments,
    invitations: esInvitations,
    mail: esMail,
    notifications: esNotifications,
    search: esSearch,
  },
  fr: {
    accounts: frAccounts,
    appointments: frAppointments,
    invitations: frInvitations,
    mail: frMail,
    notifications: frNotifications,
    search: frSearch,
  },
};
