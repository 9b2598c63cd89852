import { directChatId, groupChatId, NETWORK_CHAT_ID } from '@agora/contracts';
import type { Services } from '../app.ts';
import type { MembershipRow } from '../modules/members/index.ts';

type Seeded = {
  network: { id: string };
  memberships: MembershipRow[];
  groups: Array<{ id: string; slug: string }>;
};

/**
 * One line of a demo chat: who wrote it (member index as in demo.ts), how long ago, and what
 * became of it: quoting an earlier line of the chat, edited a minute later, or deleted.
 */
type Line = { from: number; minutesAgo: number; text: string; quote?: number; editedTo?: string; deleted?: boolean };

const MINUTE = 60_000;
const HOUR = 60;
const DAY = 24 * HOUR;

// 0 Anna (network admin), 1 Max, 2 Gina (guest), 3 Lena, 4 Jonas, 5 Sophie, 6 Paul, 7 Marie.
const ANNA_MAX: Line[] = [
  { from: 0, minutesAgo: 3 * DAY + 2 * HOUR, text: 'Hallo Max, hast du kurz Zeit für die Quartalsplanung?' },
  { from: 1, minutesAgo: 3 * DAY + 2 * HOUR - 4, text: 'Klar, worum geht es genau?' },
  { from: 0, minutesAgo: 3 * DAY + 2 * HOUR - 6, text: 'Um die Budgets für Q3. Ich schicke dir gleich die Zahlen.' },
  { from: 0, minutesAgo: 3 * DAY + 2 * HOUR - 7, text: 'Achtung, die Tabelle ist noch nicht final!', deleted: true },
  { from: 1, minutesAgo: 2 * DAY + 5 * HOUR, text: 'Die Zahlen sehen gut aus. Sollen wir Donnerstag drüber reden?' },
  {
    from: 0,
    minutesAgo: 2 * DAY + 4 * HOUR,
    text: 'Donnerstag passt, 10 Uhr im Raum Süd?',
    editedTo: 'Donnerstag passt, 10:30 Uhr im Raum Süd?',
  },
  { from: 1, minutesAgo: 2 * DAY + 4 * HOUR - 3, text: 'Perfekt, ich trage es ein.', quote: 5 },
  { from: 0, minutesAgo: DAY + 3 * HOUR, text: 'Danke dir! Bringst du die Präsentation vom letzten Mal mit?' },
  { from: 1, minutesAgo: DAY + 3 * HOUR - 10, text: 'Mache ich 👍' },
  { from: 1, minutesAgo: 5 * HOUR, text: 'Kleine Änderung: Lena kommt auch dazu.' },
  { from: 0, minutesAgo: 4 * HOUR, text: 'Sehr gut, dann können wir das Marketing gleich mitbesprechen.' },
  { from: 0, minutesAgo: 4 * HOUR - 1, text: '🎉' },
];

const MAX_LENA: Line[] = [
  { from: 3, minutesAgo: 2 * DAY + 6 * HOUR, text: 'Hi Max! Kannst du mir den Link zum Kampagnen-Board schicken?' },
  { from: 1, minutesAgo: 2 * DAY + 6 * HOUR - 2, text: 'Klar, schaue gleich nach.' },
  { from: 1, minutesAgo: 2 * DAY + 6 * HOUR - 5, text: 'Findest du in der Gruppe Marketing unter Dateien.' },
  { from: 3, minutesAgo: 2 * DAY + 5 * HOUR, text: 'Super, danke!' },
  { from: 3, minutesAgo: 90, text: 'Anna hat mich zur Planung am Donnerstag eingeladen.' },
  { from: 3, minutesAgo: 88, text: 'Soll ich die Zahlen zur Frühjahrskampagne mitbringen?' },
  { from: 3, minutesAgo: 20, text: 'Und: Mittagessen danach? 🍝' },
];

const MARKETING: Line[] = [
  { from: 3, minutesAgo: 4 * DAY, text: 'Willkommen im Marketing-Chat! Hier stimmen wir uns kurz ab.' },
  { from: 4, minutesAgo: 4 * DAY - 30, text: 'Super Idee. Die Flyer für die Messe sind in Druck.' },
  { from: 5, minutesAgo: 3 * DAY + 8 * HOUR, text: 'Wer übernimmt die Social-Media-Posts nächste Woche?' },
  { from: 1, minutesAgo: 3 * DAY + 7 * HOUR, text: 'Ich kann Montag und Dienstag übernehmen.', quote: 2 },
  { from: 6, minutesAgo: 3 * DAY + 6 * HOUR, text: 'Den Rest der Woche mache ich.' },
  { from: 7, minutesAgo: DAY + 2 * HOUR, text: 'Die neuen Fotos vom Team-Event sind da 📸' },
  { from: 3, minutesAgo: DAY + HOUR, text: 'Danke euch allen – tolle Arbeit diese Woche!' },
];

const NETWORK: Line[] = [
  { from: 0, minutesAgo: 6 * DAY, text: 'Willkommen im Netzwerk-Chat! Hier ist Platz für alles, was alle angeht.' },
  { from: 4, minutesAgo: 5 * DAY, text: 'Weiß jemand, ob die Kantine am Freitag geöffnet hat?' },
  { from: 5, minutesAgo: 5 * DAY - 15, text: 'Ja, aber nur bis 14 Uhr.', quote: 1 },
  { from: 0, minutesAgo: 2 * DAY, text: 'Erinnerung: Am Montag ist das Sommerfest im Innenhof ☀️' },
];

/**
 * Direct, group and network chats with a few days of history for the demo accounts: Anna and
 * Max (one message edited, one deleted, one quoting), Max and Lena (Max has not read her latest
 * messages yet), the Marketing group and the network chat. Written through the chat service,
 * as members would.
 */
export async function seedDemoChat(services: Services, { memberships, groups }: Seeded) {
  const { chat, members } = services;
  const member = (i: number) => memberships[i]!;
  const actor = (i: number) => members.actorFor(member(i), 'demo', null);
  const now = Date.now();

  /** Writes a chat's lines in order; answers the stored messages by line. */
  async function write(chatId: string, lines: Line[]) {
    const ids: string[] = [];
    for (const [i, line] of lines.entries()) {
      const at = new Date(now - line.minutesAgo * MINUTE);
      const message = await chat.sendMessage(
        actor(line.from),
        {
          chat_id: chatId,
          text: line.text,
          quoted_message_id: line.quote === undefined ? null : ids[line.quote],
          client_reference: `demo:${chatId}:${i}`,
          file_ids: [],
          image_ids: [],
        },
        undefined,
        at,
      );
      ids.push(message.id);
      const later = new Date(at.getTime() + MINUTE);
      if (line.editedTo) {
        await chat.updateMessage(
          actor(line.from),
          { chat_id: chatId, id: message.id, text: line.editedTo },
          undefined,
          later,
        );
      }
      if (line.deleted)
        await chat.deleteMessage(actor(line.from), { chat_id: chatId, id: message.id }, undefined, later);
    }
    return ids;
  }

  const read = (reader: number, chatId: string, messageId: string) =>
    chat.markAsRead(actor(reader), { chat_id: chatId, message_id: messageId });

  const annaMax = directChatId(member(0).id, member(1).id);
  const annaMaxIds = await write(annaMax, ANNA_MAX);
  await read(1, annaMax, annaMaxIds.at(-1)!);

  // Max has not read Lena's last three messages.
  const maxLena = directChatId(member(1).id, member(3).id);
  const maxLenaIds = await write(maxLena, MAX_LENA);
  await read(1, maxLena, maxLenaIds[3]!);

  const marketing = groupChatId(groups.find((g) => g.slug === 'marketing')!.id);
  const marketingIds = await write(marketing, MARKETING);
  await read(1, marketing, marketingIds.at(-1)!);

  const networkIds = await write(NETWORK_CHAT_ID, NETWORK);
  for (const reader of [0, 1, 3]) await read(reader, NETWORK_CHAT_ID, networkIds.at(-1)!);
}
