import { translator } from '../../platform/i18n/index.ts';
import type { MailContent } from '../../platform/mail/layout.ts';
import { DIGEST_TIME_ZONE, type DigestKind } from './slots.ts';

export type DigestMailPost = {
  author: string | null;
  stream: string;
  at: Date;
  text: string;
  url: string;
  /** Older than the window, listed for its edit or its new replies. */
  updated: boolean;
  replies: Array<{ author: string | null; text: string }>;
};

export type DigestMailAppointment = { name: string; start: Date; allDay: boolean; url: string };

export type DigestMailInput = {
  kind: DigestKind;
  networkName: string;
  firstName: string;
  since: Date;
  posts: DigestMailPost[];
  /** Posts left out of the mail (more than it lists). */
  more: number;
  appointments: DigestMailAppointment[];
  appointmentsPosition: 'top' | 'bottom';
  activitiesUrl: string;
  settingsUrl: string;
};

/** One formatter for every mail: making one costs more than formatting many dates. */
const dateParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: DIGEST_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** dd.MM.y (and HH:mm) in the network's zone, as dates display everywhere. */
function formatDate(at: Date, withTime: boolean): string {
  const parts = Object.fromEntries(dateParts.formatToParts(at).map((p) => [p.type, p.value])) as Record<string, string>;
  const date = `${parts.day}.${parts.month}.${parts.year}`;
  return withTime ? `${date} ${parts.hour}:${parts.minute}` : date;
}

/** One line of a post's or reply's text, cut at a word where it is long. */
export function excerpt(text: string, max = 200): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/**
 * The digest or daily activity mail, plain paragraphs in the member's language: the posts with
 * their new replies, each with its link, and (the digest) the upcoming appointments above or
 * below them.
 */
export function digestMail(locale: string, input: DigestMailInput): MailContent {
  const t = translator(locale);
  const who = (name: string | null) => name ?? t('mail:digest.unknown_author');
  const posts = input.posts.map((post) => {
    const values = { author: who(post.author), stream: post.stream, date: formatDate(post.at, true) };
    const lines = [t(post.updated ? 'mail:digest.post_updated' : 'mail:digest.post', values)];
    if (post.text) lines.push(post.text);
    for (const reply of post.replies)
      lines.push(t('mail:digest.reply', { author: who(reply.author), text: reply.text }));
    lines.push(post.url);
    return lines.join('\n');
  });
  if (input.more > 0) posts.push(t('mail:digest.more', { count: input.more }));
  const appointments =
    input.appointments.length > 0
      ? [
          [
            t('mail:digest.appointments'),
            ...input.appointments.map((a) => `${formatDate(a.start, !a.allDay)} ${a.name}\n${a.url}`),
          ].join('\n'),
        ]
      : [];
  const top = input.appointmentsPosition === 'top';
  return {
    subject: t(input.kind === 'digest' ? 'mail:digest.subject_digest' : 'mail:digest.subject_daily', {
      network: input.networkName,
    }),
    paragraphs: [
      t('mail:digest.greeting', { name: input.firstName }),
      t(input.kind === 'digest' ? 'mail:digest.intro_digest' : 'mail:digest.intro_daily', {
        date: formatDate(input.since, false),
      }),
      ...(top ? appointments : []),
      ...posts,
      ...(top ? [] : appointments),
    ],
    action: { label: t('mail:digest.action'), url: input.activitiesUrl },
    closing: [t('mail:digest.settings', { url: input.settingsUrl })],
  };
}
