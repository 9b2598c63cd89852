import { sql } from 'drizzle-orm';
import { CALENDAR_PALETTE } from '@agora/contracts';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../app.ts';
import type { Database } from '../platform/db/client.ts';
import { uploadFile } from '../platform/storage/upload-test-support.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from '../seed/index.ts';
import { signIn, type Session } from '../testing/index.ts';
import type { Role } from './walk.ts';

const EMAILS: Record<Exclude<Role, 'anonymous'>, string> = {
  admin: DEMO_ACCOUNTS[0].email,
  member: DEMO_ACCOUNTS[1].email,
  guest: DEMO_ACCOUNTS[2].email,
};

/**
 * What makes a request reach deep code: the ids of the seeded network's objects, per role.
 * `path` is keyed by the segment before a path parameter and its name (`appointments/id`,
 * `{directory}/id`); `fields` by a field's name, optionally scoped by the route or event
 * (`update_message id`); a route's own keys come first (`DELETE /calendars/{id}/share calendars/id`).
 */
export type Fixtures = { path: Record<string, string>; fields: Record<string, unknown> };

/** A PNG of one pixel. */
const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

export type WalkerWorld = Awaited<ReturnType<typeof walkerWorld>>;

/**
 * The demo network (every module adds its part, so a new module's objects are there too), its
 * admin, member and guest signed in, and a file and an image of each of them uploaded. Fixtures
 * are looked up afresh before each route, so that what an earlier route deleted or canceled is
 * replaced by another object of the same kind.
 */
export async function walkerWorld(app: FastifyInstance, services: Services, database: Database) {
  const { network, memberships } = await seedDemo(services);
  const sessions = new Map<Role, Session>();
  const membershipIds = new Map<Role, string>();
  for (const [role, email] of Object.entries(EMAILS) as Array<[Role, string]>) {
    sessions.set(role, await signIn(app, email, DEMO_PASSWORD));
    const index = DEMO_ACCOUNTS.findIndex((a) => a.email === email);
    membershipIds.set(role, memberships[index]!.id);
  }
  const uploads = new Map<Role, { file: string; image: string }>();
  for (const [role, session] of sessions) {
    const file = await uploadFile(app, session.headers, 'files', 'walker.txt', 'walker');
    const image = await uploadFile(app, session.headers, 'images', 'walker.png', PIXEL_PNG);
    if (file.statusCode !== 200 || image.statusCode !== 200) {
      throw new Error(`upload failed: ${file.statusCode} ${file.body} / ${image.statusCode} ${image.body}`);
    }
    uploads.set(role, { file: file.json<{ id: string }>().id, image: image.json<{ id: string }>().id });
  }

  // A fresh message of the admin and the member in the network chat: old ones may no longer be edited.
  for (const role of ['admin', 'member'] as const) {
    const membership = memberships.find((m) => m.id === membershipIds.get(role))!;
    await services.chat.sendMessage(services.members.actorFor(membership, 'walker', null), {
      chat_id: 'network',
      text: 'Walker message',
      file_ids: [],
      image_ids: [],
      client_reference: `walker-${role}`,
    });
  }

  let references = 0;
  const rows = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>): Promise<T[]> =>
    ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const first = async (query: ReturnType<typeof sql>): Promise<string | undefined> => {
    const [row] = await rows<{ id: string }>(query);
    return row?.id === undefined || row.id === null ? undefined : String(row.id);
  };

  return {
    network,
    membershipIds,
    /** The headers of a role's requests: its session's cookie and CSRF token, or none. */
    headers(role: Role): Record<string, string> {
      const session = sessions.get(role);
      return session ? session.headers : { host: 'localhost', accept: 'application/json' };
    },
    session(role: Role): Session | undefined {
      return sessions.get(role);
    },
    /** Signs the role in again when a route ended its session (sign-out, say). */
    async keepSignedIn(role: Role): Promise<void> {
      const session = sessions.get(role);
      if (!session) return;
      const check = await app.inject({ url: '/api/v1/session', headers: session.headers });
      if (check.statusCode === 200) return;
      sessions.set(role, await signIn(app, EMAILS[role as Exclude<Role, 'anonymous'>], DEMO_PASSWORD));
    },

    /** The fixtures of a role, read from the database now. */
    async fixtures(role: Role): Promise<Fixtures> {
      const me = membershipIds.get(role) ?? membershipIds.get('member')!;
      const networkId = network.id;
      const appointmentId = await first(sql`
        select a.id from appointments a
        where a.network_id = ${networkId} and not a.canceled and a.series_id is null
          and exists (select 1 from appointment_participants p where p.appointment_id = a.id)
        order by (select count(*) from appointment_participants p where p.appointment_id = a.id) desc, a.id
        limit 1`);
      const participantId = appointmentId
        ? await first(sql`select id from appointment_participants
            where appointment_id = ${appointmentId} and membership_id <> ${me} order by id limit 1`)
        : undefined;
      const calendarId = await first(sql`select id from calendars where network_id = ${networkId}
        and type = 'network' and is_default`);
      const ownCalendarId =
        (await first(sql`select id from calendars where network_id = ${networkId} and owner_id = ${me} limit 1`)) ??
        calendarId;
      const sharedCalendarId =
        await first(sql`select c.id from calendars c join calendar_shares s on s.calendar_id = c.id
        where c.network_id = ${networkId} and s.membership_id = ${me} limit 1`);
      const meetingRoomId = await first(
        sql`select id from meeting_rooms where network_id = ${networkId} order by id limit 1`,
      );
      const notificationId = await first(
        sql`select id from notifications where recipient_id = ${me} order by id limit 1`,
      );
      const inviteId = await first(sql`select id from appointment_invites where membership_id = ${me}
        and status = 'open' order by id limit 1`);
      // The open group invitations the role sent (the batch actions act on these).
      const groupInviteIds = (
        await rows<{ id: string }>(sql`select id from group_invites where author_id = ${me}
          and status = 'open' order by id limit 2`)
      ).map((r) => r.id);
      const mailId = await first(sql`select id from mail_outbox where network_id = ${networkId} order by id limit 1`);
      const failureId = await first(sql`select id from event_deliveries order by id limit 1`);
      const legalHandle = await first(
        sql`select handle as id from legal_texts where network_id = ${networkId} limit 1`,
      );
      const legalTextId = await first(sql`select id from legal_texts where network_id = ${networkId} limit 1`);
      const legalVersionId = await first(sql`select id from legal_text_versions
        where legal_text_id = ${legalTextId ?? ''} order by created_at desc, id desc limit 1`);
      const groupId = await first(sql`select g.id from groups g join group_memberships m on m.group_id = g.id
        where g.network_id = ${networkId} and m.membership_id = ${me} order by g.id limit 1`);
      const groupSlug = await first(sql`select slug as id from groups where id = ${groupId ?? ''}`);
      const groupCategoryId = await first(
        sql`select id from group_categories where network_id = ${networkId} order by position, id limit 1`,
      );
      // The network's group categories in their order (the order call takes them all).
      const groupCategories = await rows<{ id: string; slug: string }>(
        sql`select id, slug from group_categories where network_id = ${networkId} order by position, id`,
      );
      const categoryId = await first(
        sql`select id from appointment_categories where network_id = ${networkId} limit 1`,
      );
      const roleId = await first(sql`select id from membership_roles where network_id = ${networkId} limit 1`);
      const message = (
        await rows<{ id: string; kind: string; key: string }>(sql`
          select m.id, c.kind, c.key from chat_messages m join chats c on c.id = m.chat_id
          where m.network_id = ${networkId} and m.author_id = ${me} and m.deleted_at is null
          order by m.id desc limit 1`)
      )[0];
      const chatId = message ? message.key : 'network';
      // A direct message the role received, and one it sent.
      const receivedMessageId = await first(sql`select message_id as id from direct_message_recipients
        where membership_id = ${me} and deleted_at is null order by message_id limit 1`);
      const sentMessageId = await first(sql`select id from direct_messages
        where author_id = ${me} and sender_deleted_at is null order by id limit 1`);
      const otherMember = memberships.find((m) => m.id !== me && !m.isExternal)!.id;
      // The role's own latest post and one of its replies; the network's first stream.
      const activityId = await first(sql`select id from activities
        where network_id = ${networkId} and actor_id = ${me} and type in ('note', 'question') order by id desc limit 1`);
      const activityReplyId = await first(sql`select id from activity_replies
        where activity_id = ${activityId ?? ''} and type = 'replies' order by id limit 1`);
      const streamId = await first(
        sql`select id from activitystreams where network_id = ${networkId} order by position, name limit 1`,
      );
      const upload = uploads.get(role) ?? uploads.get('member')!;
      const session = sessions.get(role);
      const feedToken = session
        ? ((await app.inject({ url: '/api/v1/users/authentication_token', headers: session.headers })).json<{
            authentication_token?: string | null;
          }>().authentication_token ?? undefined)
        : undefined;

      const path: Record<string, string> = {};
      const put = (key: string, value: string | undefined) => {
        if (value !== undefined) path[key] = value;
      };
      put('appointments/id', appointmentId);
      put('participants/participantId', participantId);
      put('calendars/id', ownCalendarId);
      put('DELETE /calendars/{id}/share calendars/id', sharedCalendarId);
      put('members/id', me);
      put('meeting_rooms/id', meetingRoomId);
      put('notifications/id', notificationId);
      put('invites/id', inviteId);
      put('mails/id', mailId);
      put('event_failures/id', failureId);
      put('legal/handle', legalHandle);
      put('legal_texts/id', legalTextId);
      put(
        'registrations/id',
        await first(
          sql`select id from registrations where network_id = ${networkId} and status = 'pending' order by id limit 1`,
        ),
      );
      put('groups/slug', groupSlug);
      put('property_sets/name', 'profile');
      put('groups/id', groupId);
      put('group-memberships/groupId', groupId);
      put(
        'join_requests/id',
        await first(
          sql`select id from group_join_requests where group_id = ${groupId ?? ''} and status = 'open' limit 1`,
        ),
      );
      put(
        'members/membershipId',
        await first(sql`select membership_id as id from group_memberships where group_id = ${groupId ?? ''}
          and membership_id <> ${me} and role = 'member' order by id limit 1`),
      );
      put('directory/category', groupCategoryId);
      put(
        'group-categories/groupCategoryId',
        await first(sql`select group_category_id as id from groups where id = ${groupId ?? ''}`),
      );
      put('group-categories/slug', groupCategories[0]?.slug);
      // The network's own roles on the network's paths, the walked group's roles on the group's.
      put(
        'membership_roles/id',
        await first(sql`select id from membership_roles where network_id = ${networkId} and group_id is null limit 1`),
      );
      const groupRoleId = await first(sql`select id from membership_roles where group_id = ${groupId ?? ''} limit 1`);
      for (const method of ['PUT', 'DELETE'])
        put(`${method} /groups/{slug}/administration/membership_roles/{id} membership_roles/id`, groupRoleId);
      put('messages/id', receivedMessageId ?? sentMessageId);
      put('activities/id', activityId);
      put('{id}/type', 'replies');
      put('{type}/replyId', activityReplyId);
      put('activitystreams/id', streamId);
      put('sent/id', sentMessageId);
      put('storage/directory', 'files');
      put('{directory}/id', upload.file);
      put('files/id', upload.file);
      put('images/id', upload.image);
      put('assets/id', upload.image);
      put('get/name', 'walker.txt');
      put('get/size', '80x80');

      const fields: Record<string, unknown> = {
        calendar_ids: [calendarId],
        calendar_id: calendarId,
        // Personal calendars take shares (membership_ids) and no parent.
        'POST /calendars type': 'personal',
        'PUT /calendars/{id} type': 'personal',
        category_id: categoryId ?? null,
        room_id: meetingRoomId,
        membership_ids: [otherMember],
        contact_ids: [],
        group_ids: groupId ? [groupId] : [],
        membership_role_ids: roleId ? [roleId] : [],
        group_slug: groupSlug,
        context_id: groupId,
        invite_ids: groupInviteIds,
        group_category_id: groupCategories[0]?.id,
        group_category_slug: groupCategories[0]?.slug,
        order: groupCategories.map((c) => c.slug),
        profile_image: null,
        file_ids: [],
        image_ids: [],
        event_file_ids: [],
        folder_ids: [],
        chat_message_id: message?.id,
        message_ids: [receivedMessageId ?? sentMessageId].filter(Boolean),
        'DELETE /api/v1/messages/sent/delete message_ids': [sentMessageId].filter(Boolean),
        'POST /api/v1/messages to': [otherMember],
        'POST /api/v1/messages subject': 'Walker',
        'POST /api/v1/messages to_group': [],
        'POST /api/v1/messages attachments': [],
        conversation_starter_id: null,
        activitystream_ids: streamId && role !== 'guest' ? [streamId] : groupId ? [groupId] : [],
        'POST /api/v1/activities content': '<p>Walker post</p>',
        'PUT /api/v1/activities/{id} content': '<p>Walker post</p>',
        'POST /api/v1/activities/{id}/{type} content': '<p>Walker reply</p>',
        'PUT /api/v1/activities/{id}/{type}/{replyId} content': '<p>Walker reply</p>',
        files: [],
        images: [],
        tags: [],
        quotedReplyId: null,
        replyId: null,
        version_id: legalVersionId,
        email: 'walker@example.com',
        time_zone: 'Europe/Berlin',
        locale: 'en',
        auth_token: feedToken,
        color: `#${CALENDAR_PALETTE[0]}`,
        status: 'accepted',
        // Socket events: the member's own last message, in its chat.
        chat_id: chatId,
        message_id: message?.id,
        quoted_message_id: null,
        before_id: message?.id,
        'update_message id': message?.id,
        'delete_message id': message?.id,
        'create_chat id': otherMember,
        client_reference: () => `walker-${++references}`,
        'message text': 'Walker text',
      };
      return { path, fields };
    },
  };
}
