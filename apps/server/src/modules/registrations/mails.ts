import { translator } from '../../platform/i18n/index.ts';
import type { MailContent } from '../../platform/mail/layout.ts';

/** The mail telling someone how their registration was decided (`accounts:registration_*`). */
export function registrationDecisionMail(
  locale: string,
  decision: 'approved' | 'rejected',
  input: { name: string; network: string; signInUrl: string },
): MailContent {
  const t = translator(locale);
  const key = `accounts:registration_${decision}`;
  return {
    subject: t(`${key}.subject`, { network: input.network }),
    paragraphs: [t(`${key}.greeting`, { name: input.name }), t(`${key}.body`, { network: input.network })],
    ...(decision === 'approved' ? { action: { label: t(`${key}.action`), url: input.signInUrl } } : {}),
  };
}
