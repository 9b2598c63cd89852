import {
  ACTIVITY_LIMITS,
  ALL_STREAM_SLUG,
  type Activity,
  type ActivityAttachment,
  type Activitystream,
  type ActivitystreamList,
} from '@agora/contracts';

type ImageAttachment = Extract<ActivityAttachment, { type: 'image' }>;
type FileAttachment = Extract<ActivityAttachment, { type: 'file' }>;
type LinkAttachment = Extract<ActivityAttachment, { type: 'link' }>;
type TagAttachment = Extract<ActivityAttachment, { type: 'tag' }>;

export function attachmentsOf(attachments: ActivityAttachment[]) {
  return {
    images: attachments.filter((a): a is ImageAttachment => a.type === 'image'),
    files: attachments.filter((a): a is FileAttachment => a.type === 'file'),
    links: attachments.filter((a): a is LinkAttachment => a.type === 'link'),
    tags: attachments.filter((a): a is TagAttachment => a.type === 'tag'),
  };
}

/**
 * The thumbnails under an activity: the first large, then up to 7 small, and how many more
 * there are (the ellipsis tile) beyond the eight shown.
 */
export function thumbnails<T>(images: T[]): { large: T | null; small: T[]; more: number } {
  const shown = images.slice(0, ACTIVITY_LIMITS.thumbnailsShown);
  return {
    large: shown[0] ?? null,
    small: shown.slice(1),
    more: Math.max(0, images.length - ACTIVITY_LIMITS.thumbnailsShown),
  };
}

/** The text cut at 500 characters (at a word boundary close before it), or null when it fits. */
export function truncated(text: string, at: number = ACTIVITY_LIMITS.truncateAt): string | null {
  const plain = text.trim();
  if (plain.length <= at) return null;
  const cut = plain.slice(0, at);
  const space = cut.lastIndexOf(' ');
  return `${(space > at * 0.8 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/**
 * The stored HTML with its mentions as links: members to their profile, groups to the group
 * (the composer's markup: `span[data-type=mention]` with `data-id` and `data-marker`).
 */
export function withMentionLinks(html: string): string {
  if (!html.includes('data-type="mention"')) return html;
  const template = document.createElement('template');
  template.innerHTML = html;
  for (const span of Array.from(template.content.querySelectorAll('span[data-type="mention"]'))) {
    const mentionId = span.getAttribute('data-id') ?? '';
    if (!/^[0-9a-f]{24}$/i.test(mentionId)) continue;
    const link = document.createElement('a');
    link.href = span.getAttribute('data-marker') === '#' ? `/groups/${mentionId}` : `/members/${mentionId}`;
    link.setAttribute('data-mention', '');
    link.textContent = span.textContent;
    span.replaceWith(link);
  }
  return template.innerHTML;
}

/** Every stream of the list (without `all`). */
export function streamsOf(list: ActivitystreamList | undefined): Activitystream[] {
  return list ? list.categories.flatMap((category) => category.streams) : [];
}

/**
 * The target the composer starts with: the stream shown when the member may post to it, else
 * (the home, `all`) the network's default stream, the first network stream.
 */
export function defaultTargets(
  postable: ActivitystreamList | undefined,
  current: { slug: string; groupId?: string | null } | null,
): string[] {
  const streams = streamsOf(postable);
  if (current && current.slug !== ALL_STREAM_SLUG) {
    const match = streams.find((s) => (current.groupId ? s.group?.id === current.groupId : s.slug === current.slug));
    return match ? [match.id] : [];
  }
  const network = postable?.categories.find((c) => c.category === null)?.streams[0] ?? streams[0];
  return network ? [network.id] : [];
}

/** All replies and answers an activity has. */
export function replyTotal(activity: Activity): number {
  return activity.reply_count + activity.answer_count;
}
