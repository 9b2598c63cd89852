import { z } from './zod.ts';
import { idSchema } from './ids.ts';
import { lineText, longText, TEXT_LIMITS } from './text.ts';
import type { MemberRef } from './calendar.ts';

/** Constants of the activity streams (communication spec, section 9, and the composer). */
export const ACTIVITY_LIMITS = {
  /** A stream page carries this many activities; `limit` may ask for up to pageSizeMax. */
  pageSize: 20,
  pageSizeMax: 50,
  /** Replies (or answers) a stream page shows under each activity, the newest ones. */
  latestReplies: 3,
  /** A reply page (`GET /api/v1/activities/{id}/{type}`) carries up to this many. */
  repliesPageSize: 50,
  contentMaxLength: 100_000,
  /** Streams one post goes to. */
  streamsMax: 20,
  filesMax: 20,
  imagesMax: 20,
  tagsMax: 30,
  tagNameMaxLength: 60,
  /** `GET /tags/find` asks for this many characters before it searches ("enter more characters"). */
  tagSearchMinLength: 2,
  tagSearchResults: 20,
  /** Member and tag search wait this long after the last key (ms). */
  searchDelayMs: 375,
  /** Image thumbnails shown under an activity: the first large, up to 7 small, an ellipsis when more. */
  thumbnailsShown: 8,
  /** A description longer than this is cut until "read more". */
  truncateAt: 500,
  /** The composer's draft is saved at most once in this many ms. */
  draftSaveMs: 1000,
  /** The user bar polls the unread calls this often, features after 250 ms, activities after 500 ms. */
  unreadsPollMs: 60_000,
  unreadsFeaturesDelayMs: 250,
  unreadsActivitiesDelayMs: 500,
  /** An unread count above this shows as 99+ (badges); the server counts no further. */
  unreadCountCap: 100,
  /** Groups one circular letter goes to (all members is a flag of its own). */
  circularLetterGroupsMax: 50,
} as const;

/** What an activity is about (the spec's object types). */
export const ACTIVITY_OBJECT_TYPES = ['note', 'question', 'appointment', 'schedule', 'survey', 'article'] as const;
export type ActivityObjectType = (typeof ACTIVITY_OBJECT_TYPES)[number];
/** The types a member posts from the composer; the others come from other modules' events. */
export const ACTIVITY_POST_TYPES = ['note', 'question'] as const;
export type ActivityPostType = (typeof ACTIVITY_POST_TYPES)[number];

/** `…/{type}` of the reply calls: answers only under questions. */
export const ACTIVITY_REPLY_TYPES = ['replies', 'answers'] as const;
export type ActivityReplyType = (typeof ACTIVITY_REPLY_TYPES)[number];

/**
 * `/activitystreams/{stream_slug}/{filter}`: all of the stream, its questions, what mentions me,
 * what I posted, what I liked.
 */
export const ACTIVITY_STREAM_FILTERS = ['all', 'questions', 'mentions', 'mine', 'liked'] as const;
export type ActivityStreamFilter = (typeof ACTIVITY_STREAM_FILTERS)[number];

/** The stream that gathers everything a member may read; never subscribable, never a post's target. */
export const ALL_STREAM_SLUG = 'all';

/** Validation keys besides the common ones. */
export const ACTIVITY_ERROR_KEYS = {
  /** No text, no file and no image. */
  contentEmpty: 'content_empty',
  /** No stream to post to. */
  streamsEmpty: 'activitystreams_empty',
  /** A named stream is one the member may not post to (or does not exist). */
  streamNotAllowed: 'activitystream_not_allowed',
  /** A file or image is not (yet) a finished upload of the author. */
  attachmentNotUploaded: 'attachment_not_uploaded',
  /** `answers` under an activity that is not a question. */
  answersOnlyForQuestions: 'answers_only_for_questions',
  /** The quoted or parent reply is not a reply of this activity. */
  replyNotFound: 'reply_not_found',
  /** A circular letter without groups and not to all members. */
  recipientsEmpty: 'recipients_empty',
} as const;

/** Toast keys (the web app translates them under `activities.*`). */
export const ACTIVITY_TOAST_KEYS = {
  posted: 'activity_posted',
  notPosted: 'activity_not_posted',
  updated: 'activity_updated',
  deleted: 'activity_deleted',
  replyPosted: 'reply_posted',
  replyDeleted: 'reply_deleted',
  circularLetterSent: 'circular_letter_sent',
  acknowledged: 'circular_letter_acknowledged',
} as const;

/**
 * A tag as the composer sends it: the id of a tag that exists, or `new_` and the name of one to
 * make (the server makes it, or takes the existing tag of that name).
 */
export const NEW_TAG_PREFIX = 'new_';
const tagRefSchema = lineText(ACTIVITY_LIMITS.tagNameMaxLength + NEW_TAG_PREFIX.length);

/** `POST /api/v1/activities`: `{activity: {...}}`. */
export const activityBodySchema = z.object({
  activity: z.object({
    /** Rich text (HTML) with mention nodes; sanitized by the server. */
    content: longText(ACTIVITY_LIMITS.contentMaxLength, { trim: false }).default(''),
    activitystream_ids: z.array(idSchema).max(ACTIVITY_LIMITS.streamsMax).default([]),
    /** Upload ids (directory `files`). */
    files: z.array(idSchema).max(ACTIVITY_LIMITS.filesMax).default([]),
    /** Upload ids (directory `images`). */
    images: z.array(idSchema).max(ACTIVITY_LIMITS.imagesMax).default([]),
    type: z.enum(ACTIVITY_POST_TYPES).default('note'),
    tags: z.array(tagRefSchema).max(ACTIVITY_LIMITS.tagsMax).default([]),
  }),
});
export type ActivityBody = z.input<typeof activityBodySchema>;

/** `PUT /api/v1/activities/{id}`: the same fields; streams and type stay as posted. */
export const activityUpdateBodySchema = z.object({
  activity: z.object({
    content: longText(ACTIVITY_LIMITS.contentMaxLength, { trim: false }).default(''),
    files: z.array(idSchema).max(ACTIVITY_LIMITS.filesMax).default([]),
    images: z.array(idSchema).max(ACTIVITY_LIMITS.imagesMax).default([]),
    tags: z.array(tagRefSchema).max(ACTIVITY_LIMITS.tagsMax).default([]),
  }),
});
export type ActivityUpdateBody = z.input<typeof activityUpdateBodySchema>;

/**
 * `POST /api/v1/activities/{activityId}/{type}` and `PUT …/{type}/{replyId}`: the Activity reply
 * payload (spec section 3). `activityId` and `type` travel in the path; sent in the body too,
 * they are ignored.
 */
export const activityReplyBodySchema = z.object({
  content: longText(ACTIVITY_LIMITS.contentMaxLength, { trim: false }).default(''),
  files: z.array(idSchema).max(ACTIVITY_LIMITS.filesMax).default([]),
  images: z.array(idSchema).max(ACTIVITY_LIMITS.imagesMax).default([]),
  /** The reply this one quotes (shown as a quote block with its author and content). */
  quotedReplyId: idSchema.nullish(),
  /** The reply this one answers (a thread under a reply); null answers the activity. */
  replyId: idSchema.nullish(),
  activityId: z.unknown().optional(),
  type: z.unknown().optional(),
});
export type ActivityReplyBody = z.input<typeof activityReplyBodySchema>;

const booleanQuery = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1')
  .optional();

/**
 * `GET /api/v1/activities`: a stream page, newest first. `stream` is a stream's slug (default
 * `all`); `subscribed=true` with `all` is the member's home (the streams they subscribed to);
 * `before` is the last id of the page before (ids are time-ordered).
 */
export const activityListQuerySchema = z.object({
  stream: lineText(TEXT_LIMITS.line).default(ALL_STREAM_SLUG),
  /** The group whose stream is meant (the `/groups/{group_slug}/activitystreams` pages). */
  group_id: idSchema.optional(),
  subscribed: booleanQuery,
  filter: z.enum(ACTIVITY_STREAM_FILTERS).default('all'),
  tag: lineText(ACTIVITY_LIMITS.tagNameMaxLength).optional(),
  /** Only activities of this member (`/members/{id}/activities`). */
  member_id: idSchema.optional(),
  before: idSchema.optional(),
  limit: z.coerce.number().int().min(1).max(ACTIVITY_LIMITS.pageSizeMax).default(ACTIVITY_LIMITS.pageSize),
});
export type ActivityListQuery = z.input<typeof activityListQuerySchema>;

/** `GET /api/v1/activities/{id}/{type}`: replies oldest first, `after` the last id of the page before. */
export const activityReplyListQuerySchema = z.object({
  after: idSchema.optional(),
  limit: z.coerce.number().int().min(1).max(ACTIVITY_LIMITS.repliesPageSize).default(ACTIVITY_LIMITS.repliesPageSize),
});

/** `GET /tags/find?q&tag_parents&exclude_new`. */
export const tagFindQuerySchema = z.object({
  q: lineText(ACTIVITY_LIMITS.tagNameMaxLength).default(''),
  /** Comma-separated names of parent tags: only their children. */
  tag_parents: lineText(TEXT_LIMITS.line).optional(),
  /** Without it, a `q` no tag is named exactly adds `{id: 'new_' + q, name: q, new: true}` first. */
  exclude_new: booleanQuery,
});
export type TagFindQuery = z.input<typeof tagFindQuerySchema>;

/** A tag (spec section 3): new tags travel with the `new_` prefix in their id. */
export type Tag = { id: string; name: string; new: boolean };

/** `POST /api/v1/circular_letters`: a post to chosen groups or everyone, mailed, to be acknowledged. */
export const circularLetterBodySchema = z.object({
  circular_letter: z.object({
    subject: lineText(TEXT_LIMITS.line),
    content: longText(ACTIVITY_LIMITS.contentMaxLength, { trim: false }).default(''),
    group_ids: z.array(idSchema).max(ACTIVITY_LIMITS.circularLetterGroupsMax).default([]),
    to_all_network_members: z.boolean().default(false),
    files: z.array(idSchema).max(ACTIVITY_LIMITS.filesMax).default([]),
    images: z.array(idSchema).max(ACTIVITY_LIMITS.imagesMax).default([]),
  }),
});
export type CircularLetterBody = z.input<typeof circularLetterBodySchema>;

/** A stream in lists and on activities. */
export type ActivitystreamRef = { id: string; slug: string; name: string; html_url: string };

/** A stream of `GET /activitystreams.json`. */
export type Activitystream = ActivitystreamRef & {
  /** `network` streams belong to the network, `group` streams to a group; `all` gathers everything. */
  kind: 'all' | 'network' | 'group';
  group: { id: string; slug: string; name: string } | null;
  /** The group's category; null for network streams and `all`. */
  category: { id: string; slug: string; name: string } | null;
  i: {
    /** The stream reaches the member's home (`subscribed=true`); `all` is always true. */
    subscribed: boolean;
    can: { read: boolean; post: boolean; subscribe: boolean };
  };
};

/**
 * `GET /activitystreams.json` (`?postable=true`: only streams the member may post to): the `all`
 * stream (null for none), and the others grouped by category, network streams (category null)
 * first, then categories in their order; streams by name within.
 */
export type ActivitystreamList = {
  all: Activitystream;
  categories: Array<{ category: { id: string; slug: string; name: string } | null; streams: Activitystream[] }>;
  /** The network lets members subscribe to streams (never to `all`). */
  subscriptions_enabled: boolean;
  can: { create_circular_letter: boolean };
};

/** Attachments of an activity or reply (spec: image, file, link, tag, person). */
export type ActivityAttachment =
  | {
      type: 'image';
      id: string;
      original_filename: string;
      /** The image in full and as a thumbnail (storage image sizes). */
      url: string;
      thumb_url: string;
      width: number | null;
      height: number | null;
    }
  | {
      type: 'file';
      id: string;
      original_filename: string;
      extension: string;
      content_type: string;
      size: number;
      url: string;
    }
  | { type: 'link'; url: string; title: string | null; description: string | null; image_url: string | null }
  | { type: 'tag'; id: string; name: string }
  | { type: 'person'; id: string; name: string; path: string };

/** What an activity is about: a post's text, or the appointment (schedule, survey, article) it announces. */
export type ActivityObject = {
  type: ActivityObjectType;
  /** The announced object's id (an appointment's), null for posts. */
  id: string | null;
  /** The sanitized HTML as stored (the editor's value). */
  content: string;
  plain_content: string;
  /** The announced object's name (an appointment's); null for posts. */
  title: string | null;
  /** The announced object's page; null for posts. */
  url: string | null;
  /** An appointment's time. */
  date: { start: string; end: string; all_day: boolean } | null;
};

/** An acknowledgement of a circular letter, as the sender sees it. */
export type CircularLetterInfo = {
  subject: string;
  recipient_count: number;
  acknowledged_count: number;
  i: { recipient: boolean; acknowledged: boolean; can: { acknowledge: boolean; see_acknowledgements: boolean } };
};

/** An Activity reply (or answer). */
export type ActivityReply = {
  id: string;
  activity_id: string;
  type: ActivityReplyType;
  actor: MemberRef | null;
  content: string;
  plain_content: string;
  /** Images, files and the mentioned persons. */
  attachments: ActivityAttachment[];
  quoted_reply: { id: string; actor: MemberRef | null; plain_content: string } | null;
  reply_id: string | null;
  /** `/activities/{activity_id}/replies/{id}` (or `answers`). */
  html_url: string;
  created_at: string;
  updated_at: string;
  edited: boolean;
  like_count: number;
  i: { liked: boolean; can: { update: boolean; destroy: boolean; like: boolean } };
  /** The author is a member the reader ignores: shown collapsed, with a way to show it (the content is there). */
  ignored: boolean;
};

/** An activity (spec: the activity search hit, with what the stream shows). */
export type Activity = {
  id: string;
  actor: MemberRef | null;
  object: ActivityObject;
  attachments: ActivityAttachment[];
  /** `/activities/{id}`. */
  html_url: string;
  created_at: string;
  updated_at: string;
  edited: boolean;
  activitystreams: ActivitystreamRef[];
  reply_count: number;
  answer_count: number;
  like_count: number;
  /** The newest replies and answers (up to ACTIVITY_LIMITS.latestReplies), oldest first. */
  latest_replies: ActivityReply[];
  circular_letter: CircularLetterInfo | null;
  i: {
    liked: boolean;
    can: { update: boolean; destroy: boolean; reply: boolean; answer: boolean; like: boolean };
  };
  /** The author is a member the reader ignores: shown collapsed, with a way to show it (the content is there). */
  ignored: boolean;
};

/** `GET /api/v1/activities`: a page, and the `before` of the next one (null at the end). */
export type ActivityPage = { activities: Activity[]; next_before: string | null };
/** `GET /api/v1/activities/{id}/{type}`. */
export type ActivityReplyPage = { replies: ActivityReply[]; next_after: string | null };
/** `GET /api/v1/members/{id}/likes`: what a member liked, newest like first. */
export type ActivityLikePage = { activities: Activity[]; next_before: string | null };

/** A circular letter's acknowledgements as its sender sees them (`GET /api/v1/activities/{id}/acknowledgements`). */
export type CircularLetterAcknowledgements = {
  acknowledged: Array<MemberRef & { acknowledged_at: string }>;
  pending: MemberRef[];
};

/** `GET /unreads/activities`: unread activities per stream the member reads, and their sum (home). */
export type ActivityUnreads = {
  activitystreams: Array<{ id: string; slug: string; unread_count: number }>;
  total: number;
};
/** `GET /unreads/features`: the user bar's module counts. */
export type FeatureUnreads = { activities: number; messages: number; calendars: number; files: number };
/** `GET /unreads/folders`: unseen files per folder (empty until the files module). */
export type FolderUnreads = { folders: Array<{ id: string; unread_count: number }> };

/**
 * Socket.IO events of activity streams, in the rooms of where the activity was posted
 * (`network:{id}` for network streams, `group:{id}` for group streams): the client refetches
 * what it shows ("n new posts" banner for created).
 */
export const ACTIVITY_REALTIME_EVENTS = {
  created: 'activity:created',
  updated: 'activity:updated',
  destroyed: 'activity:destroyed',
  replyCreated: 'activity_reply:created',
} as const;
export type ActivityRealtimeEvent = {
  id: string;
  activitystream_ids: string[];
  actor_id: string | null;
  reply_id?: string;
};
