import type { Locale } from '@agora/contracts';

type ResetMail = { subject: string; text: (link: string, network: string) => string };

// The password reset mail in every language a member can choose.
const resetMails: Record<Locale, ResetMail> = {
  de: {
    subject: 'Passwort zurücksetzen',
    text: (link, network) =>
      `Hallo,\n\njemand hat für Ihr Konto in ${network} ein neues Passwort angefordert. Über diesen Link können Sie es festlegen:\n\n${link}\n\nDer Link ist zwei Stunden gültig. Wenn Sie nichts angefordert haben, können Sie diese E-Mail ignorieren.`,
  },
  de_DU: {
    subject: 'Passwort zurücksetzen',
    text: (link, network) =>
      `Hallo,\n\njemand hat für dein Konto in ${network} ein neues Passwort angefordert. Über diesen Link kannst du es festlegen:\n\n${link}\n\nDer Link ist zwei Stunden gültig. Wenn du nichts angefordert hast, kannst du diese E-Mail ignorieren.`,
  },
  en: {
    subject: 'Reset your password',
    text: (link, network) =>
      `Hello,\n\nsomeone asked for a new password for your account in ${network}. Set it with this link:\n\n${link}\n\nThe link is valid for two hours. If you did not ask for it, ignore this mail.`,
  },
  es: {
    subject: 'Restablecer la contraseña',
    text: (link, network) =>
      `Hola:\n\nalguien ha solicitado una nueva contraseña para tu cuenta en ${network}. Puedes establecerla con este enlace:\n\n${link}\n\nEl enlace es válido durante dos horas. Si no lo has solicitado, ignora este correo.`,
  },
  fr: {
    subject: 'Réinitialiser votre mot de passe',
    text: (link, network) =>
      `Bonjour,\n\nquelqu'un a demandé un nouveau mot de passe pour votre compte sur ${network}. Définissez-le avec ce lien :\n\n${link}\n\nLe lien est valable deux heures. Si vous n'avez rien demandé, ignorez ce message.`,
  },
};

export function passwordResetMail(locale: string, link: string, networkName: string) {
  const mail = resetMails[locale as Locale] ?? resetMails.en;
  return { subject: mail.subject, text: mail.text(link, networkName) };
}
