import type { Locale } from '@agora/contracts';
import type { MailContent } from '../../platform/mail/layout.ts';

type ResetTexts = {
  subject: string;
  greeting: string;
  request: (network: string) => string;
  action: string;
  validity: string;
};

// The password reset mail in every language a member can choose.
const reset: Record<Locale, ResetTexts> = {
  de: {
    subject: 'Passwort zurücksetzen',
    greeting: 'Hallo,',
    request: (network) =>
      `jemand hat für Ihr Konto in ${network} ein neues Passwort angefordert. Über diesen Link können Sie es festlegen.`,
    action: 'Neues Passwort festlegen',
    validity:
      'Der Link ist zwei Stunden gültig. Wenn Sie nichts angefordert haben, können Sie diese E-Mail ignorieren.',
  },
  de_DU: {
    subject: 'Passwort zurücksetzen',
    greeting: 'Hallo,',
    request: (network) =>
      `jemand hat für dein Konto in ${network} ein neues Passwort angefordert. Über diesen Link kannst du es festlegen.`,
    action: 'Neues Passwort festlegen',
    validity: 'Der Link ist zwei Stunden gültig. Wenn du nichts angefordert hast, kannst du diese E-Mail ignorieren.',
  },
  en: {
    subject: 'Reset your password',
    greeting: 'Hello,',
    request: (network) => `someone asked for a new password for your account in ${network}. Set it with this link.`,
    action: 'Set a new password',
    validity: 'The link is valid for two hours. If you did not ask for it, ignore this mail.',
  },
  es: {
    subject: 'Restablecer la contraseña',
    greeting: 'Hola:',
    request: (network) =>
      `alguien ha solicitado una nueva contraseña para tu cuenta en ${network}. Puedes establecerla con este enlace.`,
    action: 'Establecer una nueva contraseña',
    validity: 'El enlace es válido durante dos horas. Si no lo has solicitado, ignora este correo.',
  },
  fr: {
    subject: 'Réinitialiser votre mot de passe',
    greeting: 'Bonjour,',
    request: (network) =>
      `quelqu'un a demandé un nouveau mot de passe pour votre compte sur ${network}. Définissez-le avec ce lien.`,
    action: 'Définir un nouveau mot de passe',
    validity: "Le lien est valable deux heures. Si vous n'avez rien demandé, ignorez ce message.",
  },
};

export function passwordResetMail(locale: string, link: string, networkName: string): MailContent {
  const texts = reset[locale as Locale] ?? reset.en;
  return {
    subject: texts.subject,
    paragraphs: [texts.greeting, texts.request(networkName)],
    action: { label: texts.action, url: link },
    closing: [texts.validity],
  };
}
