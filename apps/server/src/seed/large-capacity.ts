import type { Services } from '../app.ts';
import type { SeedInvite } from '../modules/appointments/index.ts';
import { seedLargeChat, type LargeChatResult } from './large-chat.ts';

const ZONE = 'Europe/Berlin';
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

export type LargeCapacityOptions = {
  /** The large network's members (seedLarge's), by index. */
  memberIds: string[];
  /** How many members the capacity benchmark may sign in at most. */
  members: number;
  /** Members per group chat. */
  chatSize?: number;
  /** Messages already in each chat. */
  messagesPerChat?: number;
  /** Open invites of each simulated member, to appointments of the coming weeks. */
  invitesPerMember?: number;
  now?: Date;
};

export type LargeCapacityResult = {
  /** The simulated members' indexes (their addresses are largeEmail(index)), each in one chat. */
  memberIndexes: number[];
  chats: LargeChatResult['chats'];
  appointments: number;
  invites: number;
  messages: number;
};

/**
 * What the capacity benchmark's simulated members find: each is in a group chat of `chatSize`
 * with a few days of messages, and has `invitesPerMember` open invites to appointments of the
 * network calendar in the coming weeks (besides what the calendars and participation seeds
 * give every member).
 */
export async function seedLargeCapacity(
  services: Services,
  networkId: string,
  options: LargeCapacityOptions,
): Promise<LargeCapacityResult> {
  const size = options.chatSize ?? 5;
  const chatCount = Math.ceil(options.members / size);
  const { chats } = await seedLargeChat(services, networkId, {
    memberIds: options.memberIds,
    chats: chatCount,
    size,
    category: { slug: 'capacity-chat', name: 'Team', pluralName: 'Teams' },
  });
  const memberIndexes = chats.flatMap((chat) => chat.memberIndexes);
  const now = (options.now ?? new Date()).getTime();

  // A few days of history in every chat, written through the chat service as members would.
  const perChat = options.messagesPerChat ?? 5;
  const rows = await services.members.findMany(
    networkId,
    memberIndexes.map((i) => options.memberIds[i]!),
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  let messages = 0;
  for (const [c, chat] of chats.entries()) {
    for (let m = 0; m < perChat; m++) {
      const author = byId.get(options.memberIds[chat.memberIndexes[m % chat.memberIndexes.length]!]!)!;
      await services.chat.sendMessage(
        services.members.actorFor(author, 'capacity-seed', null),
        {
          chat_id: `group/${chat.groupId}`,
          text: `Nachricht ${m + 1} im Team ${c + 1}`,
          quoted_message_id: null,
          client_reference: `capacity:${c}:${m}`,
          file_ids: [],
          image_ids: [],
        },
        undefined,
        new Date(now - (perChat - m) * 6 * HOUR),
      );
      messages += 1;
    }
  }

  // Appointments of the coming eight weeks in the network calendar, each member invited to some.
  const adminId = options.memberIds[0]!;
  const admin = (await services.members.findMany(networkId, [adminId]))[0];
  if (!admin) throw new Error(`No member ${adminId} in network ${networkId}`);
  const calendars = await services.calendars.accessible(services.members.actorFor(admin, 'capacity-seed', null));
  const networkCalendar = calendars.find((c) => c.type === 'network' && c.isDefault);
  if (!networkCalendar) throw new Error('seedLargeCapacity needs the network calendar');
  const appointmentCount = Math.max(20, Math.ceil(options.members / 5));
  const starts = Array.from(
    { length: appointmentCount },
    (_, i) => new Date(now + (1 + (i * 56) / appointmentCount) * DAY + (9 + (i % 8)) * HOUR),
  );
  const ids = await services.appointments.insertMany(
    networkId,
    starts.map((startsAt, i) => ({
      name: `Besprechung ${i + 1}`,
      startsAt,
      endsAt: new Date(startsAt.getTime() + HOUR),
      timeZone: ZONE,
      calendarIds: [networkCalendar.id],
      authorId: adminId,
    })),
  );
  const perMember = Math.min(options.invitesPerMember ?? 10, ids.length);
  const invites: SeedInvite[] = [];
  memberIndexes.forEach((index, k) => {
    for (let j = 0; j < perMember; j++) {
      const a = (k * 7 + j * 13) % ids.length;
      invites.push({
        appointmentId: ids[a]!,
        membershipId: options.memberIds[index]!,
        authorId: adminId,
        inviteStatus: 'open',
        participantStatus: 'invited',
        endsAt: new Date(starts[a]!.getTime() + HOUR),
      });
    }
  });
  // Two invites of one member to one appointment would be one.
  const unique = [...new Map(invites.map((i) => [`${i.appointmentId}:${i.membershipId}`, i])).values()];
  await services.appointments.insertInvites(networkId, unique);
  return { memberIndexes, chats, appointments: ids.length, invites: unique.length, messages };
}
