import type {
  Activity,
  ActivityAttachment,
  ActivityReply,
  Activitystream,
  ActivitystreamList,
  MemberRef,
} from '@agora/contracts';

export const SELF: MemberRef = { id: 'a'.repeat(24), name: 'Max Member', path: `/members/${'a'.repeat(24)}` };
export const LENA: MemberRef = { id: 'c'.repeat(24), name: 'Lena Schmidt', path: `/members/${'c'.repeat(24)}` };

export const SESSION = { member: { id: SELF.id, displayName: SELF.name }, csrf_token: 'csrf', locale: 'en' };

export const NETWORK_ID = 'f'.repeat(24);

const id = (prefix: string, n: number) => `${prefix}${String(n).padStart(23, '0')}`;

export function stream(overrides: Partial<Activitystream> & { slug: string; name: string }): Activitystream {
  return {
    id: id('5', overrides.slug.length + overrides.name.length),
    html_url: `/activitystreams/${overrides.slug}`,
    kind: 'network',
    group: null,
    category: null,
    i: { subscribed: true, can: { read: true, post: true, subscribe: true } },
    ...overrides,
  };
}

export const ALL = stream({ id: NETWORK_ID, slug: 'all', name: 'all', kind: 'all' });
export const GENERAL = stream({ id: id('6', 1), slug: 'general', name: 'General' });
export const NEWS = stream({
  id: id('6', 2),
  slug: 'news',
  name: 'News',
  i: { subscribed: false, can: { read: true, post: false, subscribe: true } },
});
export const ENGINEERING = stream({
  id: id('7', 1),
  slug: 'engineering',
  name: 'Engineering',
  html_url: '/groups/engineering/activitystreams',
  kind: 'group',
  group: { id: id('7', 1), slug: 'engineering', name: 'Engineering' },
  category: { id: id('8', 1), slug: 'teams', name: 'Teams' },
});

export function streamList(overrides: Partial<ActivitystreamList> = {}): ActivitystreamList {
  return {
    all: ALL,
    categories: [
      { category: null, streams: [GENERAL, NEWS] },
      { category: ENGINEERING.category, streams: [ENGINEERING] },
    ],
    subscriptions_enabled: true,
    can: { create_circular_letter: false },
    ...overrides,
  };
}

/** Only where the member may post: General and Engineering. */
export function postableList(): ActivitystreamList {
  return streamList({
    categories: [
      { category: null, streams: [GENERAL] },
      { category: ENGINEERING.category, streams: [ENGINEERING] },
    ],
  });
}

export function activityId(n: number): string {
  return id('1', n);
}

export function activity(n: number, overrides: Partial<Activity> = {}): Activity {
  const activityIdentifier = activityId(n);
  return {
    id: activityIdentifier,
    actor: LENA,
    object: {
      type: 'note',
      id: null,
      content: `<p>Post ${n}</p>`,
      plain_content: `Post ${n}`,
      title: null,
      url: null,
      date: null,
    },
    attachments: [],
    html_url: `/activities/${activityIdentifier}`,
    created_at: '2030-03-01T09:00:00Z',
    updated_at: '2030-03-01T09:00:00Z',
    edited: false,
    activitystreams: [{ id: GENERAL.id, slug: GENERAL.slug, name: GENERAL.name, html_url: GENERAL.html_url }],
    reply_count: 0,
    answer_count: 0,
    like_count: 0,
    latest_replies: [],
    circular_letter: null,
    i: { liked: false, can: { update: false, destroy: false, reply: true, answer: false, like: true } },
    ignored: false,
    ...overrides,
  };
}

export function reply(n: number, activityIdentifier: string, overrides: Partial<ActivityReply> = {}): ActivityReply {
  const replyIdentifier = id('2', n);
  return {
    id: replyIdentifier,
    activity_id: activityIdentifier,
    type: 'replies',
    actor: SELF,
    content: `<p>Reply ${n}</p>`,
    plain_content: `Reply ${n}`,
    attachments: [],
    quoted_reply: null,
    reply_id: null,
    html_url: `/activities/${activityIdentifier}/replies/${replyIdentifier}`,
    created_at: '2030-03-01T10:00:00Z',
    updated_at: '2030-03-01T10:00:00Z',
    edited: false,
    like_count: 0,
    i: { liked: false, can: { update: false, destroy: false, like: true } },
    ignored: false,
    ...overrides,
  };
}

export function image(n: number): ActivityAttachment {
  return {
    type: 'image',
    id: id('3', n),
    original_filename: `photo-${n}.jpg`,
    url: `/storage/images/${n}.jpg`,
    thumb_url: `/storage/images/${n}-thumb.jpg`,
    width: 800,
    height: 600,
  };
}

export { ok, stubApi } from '../../../testing/stub-api.ts';
