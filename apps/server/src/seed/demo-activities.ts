import { Readable } from 'node:stream';
import sharp from 'sharp';
import type { ActivityBody } from '@agora/contracts';
import { newId } from '../platform/db/ids.ts';
import { day, ZONE } from './demo-calendars.ts';
import type { DemoNetwork } from './demo-context.ts';

// Member indexes as in demo.ts: 0 Anna (admin), 1 Max, 3 Lena, 4 Jonas, 5 Sophie, 6 Paul,
// 7 Marie, 8 Felix, 9 Laura, 10 Lukas, 11 Hannah, 12 Tim, 13 Emma, 14 Noah, 18 Lea, 19 Ben,
// 20 Julia, 22 Amelie, 23 Leon, 26 Samuel, 27 Ida.
const ANNA = 0;
const MAX = 1;
const LENA = 3;
const JONAS = 4;
const SOPHIE = 5;
const PAUL = 6;
const MARIE = 7;
const FELIX = 8;
const LAURA = 9;
const LUKAS = 10;
const HANNAH = 11;
const TIM = 12;
const NOAH = 14;
const LEA = 18;
const BEN = 19;
const JULIA = 20;
const AMELIE = 22;
const LEON = 23;
const SAMUEL = 26;
const IDA = 27;

/** Where a post goes: the network's stream, or a group's by slug. */
type Where = 'network' | 'marketing' | 'engineering' | 'berlin' | 'hamburg' | 'munich';

type DemoPost = {
  key?: string;
  by: number;
  to: Where[];
  /** Hours before now. */
  ago: number;
  html: string;
  type?: 'note' | 'question';
  tags?: string[];
  image?: 'sommerfest' | 'office';
  replies?: Array<{ by: number; html: string; ago: number; answer?: boolean }>;
  likes?: number[];
};

/** A drawn picture, no photo of anyone: a garland over a courtyard, or a desk with a plant. */
function pictureSvg(kind: 'sommerfest' | 'office'): string {
  if (kind === 'sommerfest') {
    const flags = Array.from({ length: 12 }, (_, i) => {
      const x = 40 + i * 60;
      const colors = ['#e8590c', '#1c7ed6', '#2f9e44', '#f59f00', '#c2255c', '#7048e8'];
      return `<path d="M${x} ${70 + (i % 2) * 8}l26 0-13 34z" fill="${colors[i % colors.length]}"/>`;
    }).join('');
    return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="500" viewBox="0 0 800 500">
  <rect width="800" height="500" fill="#d0ebff"/>
  <circle cx="680" cy="110" r="60" fill="#ffd43b"/>
  <rect y="330" width="800" height="170" fill="#8ce99a"/>
  <path d="M20 70 Q400 130 780 70" fill="none" stroke="#495057" stroke-width="3"/>${flags}
  <rect x="120" y="250" width="220" height="90" rx="8" fill="#f1f3f5" stroke="#868e96" stroke-width="4"/>
  <rect x="470" y="220" width="200" height="120" rx="10" fill="#fff4e6" stroke="#e8590c" stroke-width="4"/>
  <circle cx="570" cy="280" r="30" fill="#fa5252" opacity="0.8"/>
</svg>`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="500" viewBox="0 0 800 500">
  <rect width="800" height="500" fill="#f8f9fa"/>
  <rect x="0" y="330" width="800" height="170" fill="#e9ecef"/>
  <rect x="120" y="300" width="560" height="24" rx="6" fill="#a5652f"/>
  <rect x="250" y="150" width="260" height="150" rx="10" fill="#343a40"/>
  <rect x="264" y="164" width="232" height="122" rx="4" fill="#74c0fc"/>
  <rect x="575" y="240" width="60" height="60" rx="6" fill="#e8590c"/>
  <path d="M605 240c-40-60-10-110 0-120 10 10 40 60 0 120z" fill="#2f9e44"/>
  <path d="M605 240c-60-30-70-80-60-90 14 2 56 40 60 90z" fill="#37b24d"/>
  <path d="M605 240c30-50 80-60 90-52-2 14-50 50-90 52z" fill="#40c057"/>
</svg>`;
}

/** A mention as the composer writes it. */
const mention = (id: string, name: string) =>
  `<span data-type="mention" data-id="${id}" data-label="${name}" data-marker="@">@${name}</span>`;

/**
 * The demo's activity streams: about forty posts over the last weeks in the network's stream
 * and the groups' streams, notes and questions in German and English as the demo's people
 * write, with replies and answers, mentions of Max and others, tags, likes, two pictures, an
 * appointment announced in the stream, and a circular letter from Anna. Written in the order of
 * their times; their notifications come from the processors; no mail is sent.
 */
export async function seedDemoActivities({
  services,
  network,
  memberships,
  groups,
  calendars,
}: DemoNetwork): Promise<void> {
  const { members, activities, storage } = services;
  const actor = (i: number) => members.actorFor(memberships[i]!, 'demo', null);
  const id = (i: number) => memberships[i]!.id;
  const name = (i: number) => `${memberships[i]!.firstName} ${memberships[i]!.lastName}`;
  const at = (hoursAgo: number) => new Date(Date.now() - hoursAgo * 3_600_000);
  const networkStream = await activities.defaultStreamId(network.id);
  const group = (slug: string) => groups.find((g) => g.slug === slug)?.id;
  const streamOf = (where: Where) => (where === 'network' ? networkStream : group(where));

  const pictures = new Map<string, string>();
  for (const [kind, uploader] of [
    ['sommerfest', LENA],
    ['office', FELIX],
  ] as const) {
    const png = await sharp(Buffer.from(pictureSvg(kind)))
      .png()
      .toBuffer();
    const stored = await storage.store({
      networkId: network.id,
      uploaderId: id(uploader),
      directory: 'images',
      fileName: `${kind}.png`,
      body: Readable.from([png]),
    });
    pictures.set(kind, stored.id);
  }

  const posts: DemoPost[] = [
    {
      by: ANNA,
      to: ['network'],
      ago: 24 * 20,
      html: '<p>Willkommen im neuen Intranet! 🎉 Hier findet ihr ab sofort alle Neuigkeiten. Fragen gern direkt als Frage posten.</p>',
      tags: ['intranet'],
      likes: [MAX, LENA, JONAS, FELIX, SOPHIE],
      replies: [
        { by: MAX, ago: 24 * 20 - 1, html: '<p>Sieht super aus, danke Anna!</p>' },
        { by: LENA, ago: 24 * 20 - 2, html: '<p>Endlich alles an einem Ort 👍</p>' },
      ],
    },
    {
      by: FELIX,
      to: ['engineering'],
      ago: 24 * 19,
      html: '<p>Deploy pipeline is green again. The flaky test was a timezone issue, of course.</p>',
      tags: ['it'],
      likes: [MAX, LAURA],
    },
    {
      by: JONAS,
      to: ['network'],
      type: 'question',
      ago: 24 * 18,
      html: '<p>Weiß jemand, wo die Vorlage für Reisekostenabrechnungen liegt?</p>',
      tags: ['hr'],
      replies: [
        {
          by: ANNA,
          ago: 24 * 18 - 1,
          answer: true,
          html: '<p>Im Ordner „Formulare“ unter Personal. Ich verlinke sie auch im Wiki.</p>',
        },
      ],
    },
    {
      by: LENA,
      to: ['marketing'],
      ago: 24 * 17,
      html: `<p>Kickoff für das #sommerfest: ${mention(id(MAX), name(MAX))} übernimmt die Flyer-Rückseite, ${mention(id(SOPHIE), name(SOPHIE))} die Social-Media-Posts.</p>`,
      tags: ['sommerfest'],
      likes: [MAX, SOPHIE, PAUL],
      replies: [{ by: MAX, ago: 24 * 17 - 3, html: '<p>Bin dabei! Erster Entwurf kommt bis Freitag.</p>' }],
    },
    {
      by: LAURA,
      to: ['engineering'],
      type: 'question',
      ago: 24 * 16,
      html: '<p>Which VPN profile should we use for the new staging cluster?</p>',
      tags: ['it'],
      replies: [
        {
          by: MAX,
          ago: 24 * 16 - 1,
          answer: true,
          html: '<p>The "staging-2" profile. I updated the wiki page this morning.</p>',
        },
        { by: LAURA, ago: 24 * 16 - 2, html: '<p>Works, thanks!</p>' },
      ],
    },
    {
      by: LEA,
      to: ['berlin'],
      ago: 24 * 15,
      html: '<p>Die Kaffeemaschine im 3. OG ist repariert ☕ Danke an den Hausservice!</p>',
      likes: [ANNA, MAX, BEN, JULIA],
    },
    {
      by: MAX,
      to: ['network'],
      ago: 24 * 14,
      html: '<p>Kurzer Hinweis: Am Samstag wird zwischen 8 und 12 Uhr das Mailsystem gewartet.</p>',
      tags: ['it'],
      likes: [ANNA, FELIX],
      replies: [{ by: NOAH, ago: 24 * 14 - 2, html: '<p>Danke für die Info, Max!</p>' }],
    },
    {
      by: AMELIE,
      to: ['hamburg'],
      ago: 24 * 13 + 5,
      html: '<p>Moin! Wer kommt morgen mit zum Mittag an den Hafen?</p>',
      replies: [{ by: LEON, ago: 24 * 13 + 4, html: '<p>Ich! 12:30 am Empfang?</p>' }],
    },
    {
      by: SOPHIE,
      to: ['marketing'],
      ago: 24 * 13,
      html: '<p>Our newsletter open rate went up to 41% last month. Great job, everyone!</p>',
      likes: [LENA, JONAS, MARIE],
    },
    {
      by: NOAH,
      to: ['network'],
      type: 'question',
      ago: 24 * 12,
      html: `<p>${mention(id(MAX), name(MAX))}, kannst du mir sagen, wie ich meinen Kalender mit dem Handy synchronisiere?</p>`,
      tags: ['it'],
      replies: [
        {
          by: MAX,
          ago: 24 * 12 - 1,
          answer: true,
          html: '<p>Klar: Im Kalender oben auf „Abonnieren“, den Link kopieren und in der Kalender-App als Abo hinzufügen.</p>',
        },
      ],
    },
    {
      by: SAMUEL,
      to: ['munich'],
      ago: 24 * 11 + 3,
      html: '<p>Servus! Die Wiesn-Tischreservierung steht: Donnerstag in drei Wochen, 18 Uhr.</p>',
      likes: [IDA, LENA, PAUL],
    },
    {
      by: TIM,
      to: ['engineering'],
      ago: 24 * 11,
      html: '<p>Code freeze for the release starts Wednesday. Please merge what you need by Tuesday evening.</p>',
      tags: ['it', 'release'],
    },
    {
      by: ANNA,
      to: ['network'],
      ago: 24 * 10,
      html: '<p>Save the date: Unser #sommerfest findet im Innenhof in Berlin statt. Details folgen!</p>',
      tags: ['sommerfest'],
      likes: [MAX, LENA, LEA, BEN, JULIA, FELIX],
      replies: [
        { by: LEA, ago: 24 * 10 - 1, html: '<p>Wir Berliner:innen freuen uns schon!</p>' },
        { by: SAMUEL, ago: 24 * 10 - 2, html: '<p>Gibt es einen Shuttle aus München? 😄</p>' },
      ],
    },
    {
      by: LENA,
      to: ['marketing'],
      type: 'question',
      ago: 24 * 9 + 6,
      html: '<p>Blau oder Orange für die Sommerfest-Plakate? Bitte abstimmen per Antwort.</p>',
      tags: ['sommerfest'],
      replies: [
        { by: PAUL, ago: 24 * 9 + 5, answer: true, html: '<p>Orange – passt zum Sommer.</p>' },
        { by: MAX, ago: 24 * 9 + 4, answer: true, html: '<p>Orange, eindeutig.</p>' },
        { by: MARIE, ago: 24 * 9 + 3, answer: true, html: '<p>Blau, aber ich beuge mich der Mehrheit 😉</p>' },
      ],
    },
    {
      by: FELIX,
      to: ['network'],
      ago: 24 * 9,
      html: '<p>Neuer Arbeitsplatz, neue Pflanze. Tipps zur Pflege willkommen 🌱</p>',
      image: 'office',
      likes: [HANNAH, LAURA, MAX, ANNA],
      replies: [{ by: HANNAH, ago: 24 * 9 - 1, html: '<p>Einmal pro Woche gießen, nicht mehr!</p>' }],
    },
    {
      by: HANNAH,
      to: ['engineering'],
      ago: 24 * 8 + 2,
      html: `<p>Pairing session on the search index tomorrow at 10 – ${mention(id(LUKAS), name(LUKAS))}, ${mention(id(MAX), name(MAX))} you're in?</p>`,
      tags: ['it'],
      replies: [{ by: LUKAS, ago: 24 * 8 + 1, html: '<p>Sure, see you there.</p>' }],
    },
    {
      by: BEN,
      to: ['berlin'],
      type: 'question',
      ago: 24 * 8,
      html: '<p>Hat jemand ein Ladekabel (USB-C) im Besprechungsraum Spree liegen lassen?</p>',
      replies: [{ by: JULIA, ago: 24 * 8 - 1, answer: true, html: '<p>Liegt jetzt am Empfang.</p>' }],
    },
    {
      by: MAX,
      to: ['engineering'],
      ago: 24 * 7 + 4,
      html: '<p>Retro notes are in the team folder. Top action: fewer meetings on Thursdays.</p>',
      likes: [FELIX, LAURA, HANNAH, TIM],
    },
    {
      by: JULIA,
      to: ['network'],
      ago: 24 * 7,
      html: '<p>Reminder: the first-aid course still has free places. Sign up in the calendar!</p>',
      tags: ['schulung'],
    },
    {
      by: IDA,
      to: ['munich'],
      ago: 24 * 6 + 8,
      html: '<p>Das Büro München ist am Brückentag geschlossen.</p>',
      likes: [SAMUEL],
    },
    {
      by: PAUL,
      to: ['marketing'],
      ago: 24 * 6,
      html: '<p>Die neuen Visitenkarten sind da – bitte bei mir abholen.</p>',
      likes: [LENA],
    },
    {
      by: LAURA,
      to: ['network'],
      type: 'question',
      ago: 24 * 5 + 6,
      html: '<p>Any recommendations for a good Italian place near the Berlin office for a team dinner?</p>',
      replies: [
        { by: LEA, ago: 24 * 5 + 5, answer: true, html: '<p>„Da Mario“ in der Torstraße – reservieren!</p>' },
        { by: BEN, ago: 24 * 5 + 4, answer: true, html: '<p>+1 für Da Mario.</p>' },
      ],
    },
    {
      by: LEON,
      to: ['hamburg'],
      ago: 24 * 5,
      html: '<p>Neue Fahrradständer im Hof sind installiert 🚲</p>',
      likes: [AMELIE],
    },
    {
      by: SOPHIE,
      to: ['network'],
      ago: 24 * 4 + 6,
      html: `<p>Die Fotos vom letzten Teamevent sind online. Danke ${mention(id(LENA), name(LENA))} fürs Organisieren!</p>`,
      likes: [LENA, MAX, ANNA],
    },
    {
      by: LENA,
      to: ['network', 'marketing'],
      ago: 24 * 4,
      html: `<p>So könnte die Deko fürs #sommerfest aussehen – Feedback gern hier! ${mention(id(MAX), name(MAX))}, passt das zum Flyer?</p>`,
      image: 'sommerfest',
      tags: ['sommerfest'],
      likes: [MAX, ANNA, SOPHIE, PAUL, JONAS],
      replies: [
        { by: MAX, ago: 24 * 4 - 1, html: '<p>Passt perfekt, ich nehme die Farben für den Flyer.</p>' },
        { by: ANNA, ago: 24 * 4 - 2, html: '<p>Wunderschön! 😍</p>' },
        { by: SOPHIE, ago: 24 * 4 - 3, html: '<p>Teile ich gleich auf Instagram.</p>' },
      ],
    },
    {
      by: FELIX,
      to: ['engineering'],
      type: 'question',
      ago: 24 * 3 + 8,
      html: '<p>Should we move the nightly backups to 3 am? The reports job collides at 2.</p>',
      tags: ['it'],
      replies: [{ by: MAX, ago: 24 * 3 + 7, answer: true, html: "<p>Yes, let's do it. I'll update the cron.</p>" }],
    },
    {
      by: JONAS,
      to: ['marketing'],
      ago: 24 * 3 + 2,
      html: '<p>Pressemitteilung zum Produktlaunch ist freigegeben.</p>',
      likes: [LENA, SOPHIE],
    },
    {
      by: MAX,
      to: ['network'],
      ago: 24 * 3,
      html: '<p>Tipp: Mit @ könnt ihr Kolleg:innen in Beiträgen erwähnen, mit # Themen verschlagworten.</p>',
      tags: ['intranet'],
      likes: [ANNA, NOAH, JONAS],
    },
    {
      by: AMELIE,
      to: ['hamburg'],
      type: 'question',
      ago: 24 * 2 + 9,
      html: '<p>Wer hat den Schlüssel für den Konferenzraum Elbe?</p>',
      replies: [{ by: LEON, ago: 24 * 2 + 8, answer: true, html: '<p>Hängt wieder am Brett.</p>' }],
    },
    {
      by: HANNAH,
      to: ['network'],
      ago: 24 * 2 + 4,
      html: '<p>Lunch &amp; Learn next week: "Accessibility basics" – everyone welcome!</p>',
      tags: ['schulung'],
      likes: [LAURA, MAX, FELIX],
    },
    {
      by: LEA,
      to: ['berlin'],
      ago: 24 * 2,
      html: '<p>Ab Montag gibt es in der Kantine wieder vegetarische Wochen 🥗</p>',
      likes: [ANNA, MAX, JULIA],
    },
    {
      by: TIM,
      to: ['engineering'],
      ago: 24 + 10,
      html: '<p>Release 4.2 is out 🚀 Thanks for all the testing.</p>',
      tags: ['release', 'it'],
      likes: [MAX, FELIX, LAURA, HANNAH, LUKAS],
      replies: [{ by: MAX, ago: 24 + 9, html: '<p>Great work, team!</p>' }],
    },
    {
      by: PAUL,
      to: ['network'],
      type: 'question',
      ago: 24 + 5,
      html: `<p>${mention(id(LENA), name(LENA))}, brauchen wir noch Helfer:innen für den Aufbau beim #sommerfest?</p>`,
      tags: ['sommerfest'],
      replies: [
        { by: LENA, ago: 24 + 4, answer: true, html: '<p>Ja! Bitte in die Liste im Marketing-Ordner eintragen.</p>' },
      ],
    },
    {
      by: SAMUEL,
      to: ['munich'],
      ago: 24,
      html: '<p>Neue Kollegin in München: Herzlich willkommen, Ida! 👋</p>',
      likes: [IDA, ANNA],
    },
    {
      by: NOAH,
      to: ['network'],
      ago: 20,
      html: '<p>Die Personalabteilung ist heute ab 14 Uhr nur per Mail erreichbar.</p>',
      tags: ['hr'],
    },
    {
      by: LUKAS,
      to: ['engineering'],
      ago: 9,
      html: `<p>${mention(id(MAX), name(MAX))} the new monitoring dashboard is ready for review.</p>`,
      tags: ['it'],
    },
    {
      by: JULIA,
      to: ['berlin'],
      ago: 6,
      html: '<p>Heute Abend Yoga auf der Dachterrasse, 18 Uhr 🧘</p>',
      likes: [LEA, BEN],
    },
    {
      by: SOPHIE,
      to: ['marketing'],
      ago: 3,
      html: `<p>${mention(id(MAX), name(MAX))}, der Flyer ist großartig geworden – ab in den Druck!</p>`,
      tags: ['sommerfest'],
      likes: [LENA, MAX],
    },
    {
      by: ANNA,
      to: ['network'],
      ago: 1,
      html: '<p>Danke an alle für die vielen Rückmeldungen zur Mitarbeiterbefragung! Die Ergebnisse stellen wir nächste Woche vor.</p>',
      likes: [LENA, JONAS],
    },
  ];

  // The posts through the service, as members write them (their mentions notified).
  const posted: Array<{ id: string; post: DemoPost }> = [];
  for (const post of posts) {
    const streams = post.to.map(streamOf).filter((s): s is string => !!s);
    if (streams.length === 0) continue;
    const body: ActivityBody['activity'] = {
      content: post.html,
      activitystream_ids: streams,
      type: post.type ?? 'note',
      tags: (post.tags ?? []).map((t) => `new_${t}`),
      images: post.image ? [pictures.get(post.image)!] : [],
    };
    const row = await activities.createForActor(
      actor(post.by),
      body as Parameters<typeof activities.createForActor>[1],
      { at: at(post.ago) },
    );
    posted.push({ id: row.id, post });
  }

  // Anna's circular letter to everyone yesterday; a few have acknowledged it, Max not yet.
  const letter = await activities.circularLetters.send(
    actor(ANNA),
    {
      subject: 'Neue Regeln für mobiles Arbeiten',
      content:
        '<p>Liebe Kolleginnen und Kollegen,</p><p>ab dem 1. des nächsten Monats gilt die neue Vereinbarung zum mobilen Arbeiten: bis zu drei Tage pro Woche, Kernzeit 10–15 Uhr. Die Details stehen im Personal-Ordner.</p><p>Bitte bestätigt kurz, dass ihr das Rundschreiben gelesen habt.</p><p>Viele Grüße, Anna</p>',
      group_ids: [],
      to_all_network_members: true,
      files: [],
      images: [],
    },
    { sendEmail: false, at: at(26) },
  );
  // The recipients are fixed by a processor after the commit.
  await services.events.settled();
  for (const [k, who] of [LENA, JONAS, FELIX, SOPHIE, LEA].entries()) {
    await activities.circularLetters.acknowledge(actor(who), letter.id, { at: at(25 - k * 2) });
  }

  // An appointment saved with "post to the stream": the appointments' event announces it there.
  if (calendars) {
    await services.appointments.create(actor(ANNA), {
      name: 'Sommerfest: Aufbau und Deko',
      description: '<p>Wer beim Aufbau hilft, bekommt das erste Getränk gratis. Treffpunkt im Innenhof.</p>',
      calendar_ids: [calendars.networkCalendarId],
      date: { start: day(23, '14:00'), end: day(23, '18:00'), all_day: false, time_zone: ZONE },
      location: { name: 'Innenhof Berlin' },
      post_to_stream: true,
      activitystream_ids: [networkStream],
    });
  }

  // Replies, answers and likes as they were written over the weeks, in one transaction.
  const { repository } = activities;
  await services.events.transaction(async (tx) => {
    for (const { id: activityId, post } of posted) {
      for (const reply of post.replies ?? []) {
        const type = reply.answer && post.type === 'question' ? 'answers' : 'replies';
        const when = at(reply.ago);
        await repository.insertReply(tx, {
          id: newId(when.getTime()),
          activityId,
          networkId: network.id,
          type,
          actorId: id(reply.by),
          content: reply.html,
          plainContent: reply.html.replace(/<[^>]+>/g, ''),
          createdAt: when,
          updatedAt: when,
        });
        await repository.countReply(tx, activityId, type);
      }
      for (const [k, who] of (post.likes ?? []).entries()) {
        const when = at(post.ago - 0.5 - k * 0.25);
        await repository.like(tx, {
          id: newId(when.getTime()),
          networkId: network.id,
          membershipId: id(who),
          activityId,
          subjectId: activityId,
          replyId: null,
          createdAt: when,
        });
      }
    }
  });
}
