import type { Locale } from '@agora/contracts';
import { translator } from '../../platform/i18n/index.ts';
import type { MailContent } from '../../platform/mail/layout.ts';

export type JoinDecisionMailInput = {
  /** Who decided. */
  actorName: string;
  groupName: string;
  /** The rejection's message; empty for none. */
  message: string;
  url: string;
};

/** The mail telling a member how their request to join was decided (`notifications:join_request_*_mail`). */
export function joinDecisionMail(
  locale: Locale,
  decision: 'accepted' | 'rejected',
  input: JoinDecisionMailInput,
): MailContent {
  const t = translator(locale);
  const key = `notifications:join_request_${decision}_mail`;
  const values = { actor: input.actorName, group: input.groupName };
  const paragraphs = [t(`${key}.body`, values)];
  if (decision === 'rejected' && input.message) paragraphs.push(t(`${key}.message`, { message: input.message }));
  return {
    subject: t(`${key}.subject`, values),
    paragraphs,
    action: { label: t(`${key}.action`), url: input.url },
  };
}
