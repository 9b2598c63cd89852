import type {
  Activity,
  ActivityAttachment,
  ActivityReply,
  ActivitystreamRef,
  ActivityObjectType,
  MemberRef,
} from '@agora/contracts';
import type { StoredObjectRow } from '../../platform/storage/index.ts';
import { memberName, type MembershipRow } from '../members/index.ts';
import { previewAttachment } from './link-previews.ts';
import type { ActivityReplyRow, ActivityRow, LinkPreviewRow } from './tables.ts';

export function presentMemberRef(m: MembershipRow | undefined): MemberRef | null {
  return m ? { id: m.id, name: memberName(m), path: `/members/${m.id}`, detection_profile_field: null } : null;
}

export function presentUpload(row: StoredObjectRow): ActivityAttachment {
  if (row.directory === 'images') {
    return {
      type: 'image',
      id: row.id,
      original_filename: row.name,
      url: `/api/storage/images/${row.id}/get/1920x1200`,
      thumb_url: `/api/storage/images/${row.id}/get/435x435`,
      width: null,
      height: null,
    };
  }
  return {
    type: 'file',
    id: row.id,
    original_filename: row.name,
    extension: row.extension,
    content_type: row.contentType,
    size: row.size,
    url: `/api/storage/${row.directory}/${row.id}/get/${encodeURIComponent(row.name)}`,
  };
}

/** Everything a page of activities shows besides their rows, loaded once for the page. */
export type ActivityContext = {
  members: Map<string, MembershipRow>;
  streams: Map<string, ActivitystreamRef[]>;
  uploads: Map<string, StoredObjectRow[]>;
  tags: Map<string, Array<{ id: string; name: string }>>;
  mentions: Map<string, string[]>;
  latest: Map<string, ActivityReplyRow[]>;
  quoted: Map<string, ActivityReplyRow>;
  liked: Set<string>;
  can: Map<string, { update: boolean; destroy: boolean }>;
  /** What linked pages say of themselves, by URL (absent: not fetched, or previews off). */
  links: Map<string, LinkPreviewRow>;
  /** The members the reader ignores: their activities and replies come marked. */
  ignored: ReadonlySet<string>;
};

function uploadsSorted(rows: StoredObjectRow[] | undefined): ActivityAttachment[] {
  return [...(rows ?? [])]
    .sort((a, b) => Number(a.directory !== 'images') - Number(b.directory !== 'images') || a.id.localeCompare(b.id))
    .map(presentUpload);
}

function persons(ids: string[] | undefined, context: ActivityContext): ActivityAttachment[] {
  return (ids ?? []).flatMap((id) => {
    const m = context.members.get(id);
    return m ? [{ type: 'person' as const, id: m.id, name: memberName(m), path: `/members/${m.id}` }] : [];
  });
}

export function presentReply(
  reply: ActivityReplyRow,
  context: ActivityContext,
  can: { update: boolean; destroy: boolean; like: boolean },
): ActivityReply {
  const quoted = reply.quotedReplyId ? context.quoted.get(reply.quotedReplyId) : undefined;
  return {
    id: reply.id,
    activity_id: reply.activityId,
    type: reply.type,
    actor: presentMemberRef(reply.actorId ? context.members.get(reply.actorId) : undefined),
    content: reply.content,
    plain_content: reply.plainContent,
    attachments: [...uploadsSorted(context.uploads.get(reply.id)), ...persons(context.mentions.get(reply.id), context)],
    quoted_reply: quoted
      ? {
          id: quoted.id,
          actor: presentMemberRef(quoted.actorId ? context.members.get(quoted.actorId) : undefined),
          plain_content: quoted.plainContent,
        }
      : null,
    reply_id: reply.replyId,
    html_url: `/activities/${reply.activityId}/${reply.type}/${reply.id}`,
    created_at: reply.createdAt.toISOString(),
    updated_at: reply.updatedAt.toISOString(),
    edited: reply.editedAt !== null,
    like_count: reply.likeCount,
    i: { liked: context.liked.has(reply.id), can },
    ignored: reply.actorId !== null && context.ignored.has(reply.actorId),
  };
}

export function presentActivity(
  row: ActivityRow,
  context: ActivityContext,
  replyCan: (reply: ActivityReplyRow) => { update: boolean; destroy: boolean; like: boolean },
): Activity {
  const can = context.can.get(row.id) ?? { update: false, destroy: false };
  const attachments: ActivityAttachment[] = [
    ...uploadsSorted(context.uploads.get(row.id)),
    ...(row.linkUrl ? [previewAttachment(row.linkUrl, context.links.get(row.linkUrl))] : []),
    ...(context.tags.get(row.id) ?? []).map((t) => ({ type: 'tag' as const, id: t.id, name: t.name })),
    ...persons(context.mentions.get(row.id), context),
  ];
  const posted = row.type === 'note' || row.type === 'question';
  return {
    id: row.id,
    actor: presentMemberRef(row.actorId ? context.members.get(row.actorId) : undefined),
    object: {
      type: row.type as ActivityObjectType,
      id: posted ? null : row.objectId,
      content: row.content,
      plain_content: row.plainContent,
      title: row.title,
      url: row.url,
      date: row.date ?? null,
    },
    attachments,
    html_url: `/activities/${row.id}`,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    edited: row.editedAt !== null,
    activitystreams: context.streams.get(row.id) ?? [],
    reply_count: row.replyCount,
    answer_count: row.answerCount,
    like_count: row.likeCount,
    latest_replies: (context.latest.get(row.id) ?? []).map((r) => presentReply(r, context, replyCan(r))),
    circular_letter: null,
    i: {
      liked: context.liked.has(row.id),
      can: {
        update: can.update,
        destroy: can.destroy,
        reply: true,
        answer: row.type === 'question',
        like: true,
      },
    },
    ignored: row.actorId !== null && context.ignored.has(row.actorId),
  };
}
