import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, networkIdColumn, updatedAt } from '../../platform/db/columns.ts';

/**
 * The network's own streams (the `all` stream and the groups' streams are not rows). A default
 * one (`general`) is made when a network first lists its streams.
 */
export const activitystreams = pgTable(
  'activitystreams',
  {
    id: idColumn(),
    networkId: networkIdColumn(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('activitystreams_slug_idx').on(t.networkId, t.slug)],
);

/**
 * An activity: a member's post (note, question), or what another module announces (an
 * appointment, a group join …: `objectId`, `title`, `url`, `date`). Ids are time-ordered, so a
 * stream pages on them. Counts are kept with the replies and likes.
 */
export const activities = pgTable(
  'activities',
  {
    id: idColumn(),
    networkId: networkIdColumn(),
    /** Null for what the system posts by itself, or once the member is gone. */
    actorId: text('actor_id'),
    type: text('type').notNull().default('note'),
    objectId: text('object_id'),
    title: text('title'),
    url: text('url'),
    date: jsonb('date').$type<{ start: string; end: string; all_day: boolean } | null>(),
    /** Sanitized HTML. */
    content: text('content').notNull().default(''),
    plainContent: text('plain_content').notNull().default(''),
    /** The first http(s) URL of the content (the `link` attachment). */
    linkUrl: text('link_url'),
    /** A circular letter (its subject and recipients in `circular_letters`). */
    circularLetter: boolean('circular_letter').notNull().default(false),
    replyCount: integer('reply_count').notNull().default(0),
    answerCount: integer('answer_count').notNull().default(0),
    likeCount: integer('like_count').notNull().default(0),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('activities_actor_idx').on(t.networkId, t.actorId, t.id.desc()),
    index('activities_object_idx').on(t.networkId, t.type, t.objectId),
  ],
);

/**
 * Where an activity was posted: a network stream (`groupId` null, `streamId` the stream's id) or
 * a group's stream (`streamId` = `groupId`). A page of the `all` stream reads the network index
 * in id order and keeps the rows whose group the member may read (`group_id is null or group_id
 * = any(readable)`); a stream's page reads the stream index. `actorId` and `type` are copied so
 * that the member and question filters need no join.
 */
export const activityTargets = pgTable(
  'activity_targets',
  {
    activityId: text('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    streamId: text('stream_id').notNull(),
    groupId: text('group_id'),
    networkId: networkIdColumn(),
    actorId: text('actor_id'),
    type: text('type').notNull().default('note'),
  },
  (t) => [
    primaryKey({ columns: [t.activityId, t.streamId] }),
    index('activity_targets_network_idx').on(t.networkId, t.activityId.desc(), t.groupId),
    index('activity_targets_stream_idx').on(t.streamId, t.activityId.desc()),
  ],
);

/** A reply (or an answer, under a question) to an activity. */
export const activityReplies = pgTable(
  'activity_replies',
  {
    id: idColumn(),
    activityId: text('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    networkId: networkIdColumn(),
    type: text('type').$type<'replies' | 'answers'>().notNull().default('replies'),
    actorId: text('actor_id'),
    content: text('content').notNull().default(''),
    plainContent: text('plain_content').notNull().default(''),
    quotedReplyId: text('quoted_reply_id'),
    replyId: text('reply_id'),
    likeCount: integer('like_count').notNull().default(0),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('activity_replies_activity_idx').on(t.activityId, t.type, t.id)],
);

/** A like of an activity (`replyId` null) or of one of its replies. */
export const activityLikes = pgTable(
  'activity_likes',
  {
    id: idColumn(),
    networkId: networkIdColumn(),
    membershipId: text('membership_id').notNull(),
    activityId: text('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    /** The liked activity's or reply's id. */
    subjectId: text('subject_id').notNull(),
    replyId: text('reply_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('activity_likes_subject_idx').on(t.subjectId, t.membershipId),
    index('activity_likes_member_idx')
      .on(t.membershipId, t.id.desc())
      .where(sql`${t.replyId} is null`),
  ],
);

/** A network's tags; names are unique whatever their case. */
export const tags = pgTable(
  'tags',
  {
    id: idColumn(),
    networkId: networkIdColumn(),
    name: text('name').notNull(),
    parentId: text('parent_id'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('tags_name_idx').on(t.networkId, sql`lower(${t.name})`)],
);

/** The tags of an activity. */
export const activityTaggings = pgTable(
  'activity_taggings',
  {
    activityId: text('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    tagId: text('tag_id').notNull(),
    networkId: networkIdColumn(),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.activityId, t.tagId] }),
    index('activity_taggings_tag_idx').on(t.tagId, t.activityId.desc()),
  ],
);

/** The members a post or a reply mentions (`subjectId`: the activity's or reply's id). */
export const activityMentions = pgTable(
  'activity_mentions',
  {
    subjectId: text('subject_id').notNull(),
    activityId: text('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    membershipId: text('membership_id').notNull(),
    networkId: networkIdColumn(),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.subjectId, t.membershipId] }),
    index('activity_mentions_member_idx').on(t.membershipId, t.activityId.desc()),
  ],
);

/** A member's network streams that do not reach their home; absence: subscribed. */
export const activitystreamUnsubscriptions = pgTable(
  'activitystream_unsubscriptions',
  {
    streamId: text('stream_id').notNull(),
    membershipId: text('membership_id').notNull(),
    networkId: networkIdColumn(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.membershipId, t.streamId] })],
);

/**
 * When a member last saw a stream (`streamId` a network stream's or group's id; the network's
 * id for the home): what came later counts as unread.
 */
export const activitystreamReads = pgTable(
  'activitystream_reads',
  {
    streamId: text('stream_id').notNull(),
    membershipId: text('membership_id').notNull(),
    networkId: networkIdColumn(),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.membershipId, t.streamId] })],
);

/** A circular letter: the activity's subject and whom it went to. */
export const circularLetters = pgTable('circular_letters', {
  activityId: text('activity_id')
    .primaryKey()
    .references(() => activities.id, { onDelete: 'cascade' }),
  networkId: networkIdColumn(),
  subject: text('subject').notNull(),
  toAll: boolean('to_all').notNull().default(false),
  groupIds: jsonb('group_ids').$type<string[]>().notNull().default([]),
  recipientCount: integer('recipient_count').notNull().default(0),
  acknowledgedCount: integer('acknowledged_count').notNull().default(0),
  createdAt: createdAt(),
});

/** One recipient of a circular letter, and when they acknowledged it. */
export const circularLetterRecipients = pgTable(
  'circular_letter_recipients',
  {
    activityId: text('activity_id')
      .notNull()
      .references(() => circularLetters.activityId, { onDelete: 'cascade' }),
    membershipId: text('membership_id').notNull(),
    networkId: networkIdColumn(),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.activityId, t.membershipId] }),
    index('circular_letter_recipients_member_idx').on(t.membershipId),
  ],
);

/**
 * What a link's page says of itself (title, description, site), fetched once by a job for
 * every network that posts it, and again when older than a week.
 */
export const linkPreviews = pgTable('link_previews', {
  url: text('url').primaryKey(),
  /** `ok`, or `failed`: nothing usable (refused address, no HTML, timeout); the link shows bare. */
  status: text('status').$type<'ok' | 'failed'>().notNull(),
  title: text('title'),
  description: text('description'),
  siteName: text('site_name'),
  fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
});

export type ActivityRow = typeof activities.$inferSelect;
export type LinkPreviewRow = typeof linkPreviews.$inferSelect;
export type ActivityReplyRow = typeof activityReplies.$inferSelect;
export type ActivitystreamRow = typeof activitystreams.$inferSelect;
export type TagRow = typeof tags.$inferSelect;
