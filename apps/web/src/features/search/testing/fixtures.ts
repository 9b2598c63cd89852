import type { Activity, SearchModule, SearchResponse, SearchResult, SearchHits } from '@agora/contracts';

const id = (prefix: string, n: number) => `${prefix}${String(n).padStart(23, '0')}`;
const ANNA = { id: id('a', 1), name: 'Anna Admin', path: `/members/${id('a', 1)}` };

export function activity(n: number, text = `Post ${n} about coffee`): Activity {
  return {
    id: id('1', n),
    actor: ANNA,
    object: {
      type: 'note',
      id: null,
      content: `<p>${text}</p>`,
      plain_content: text,
      title: null,
      url: null,
      date: null,
    },
    attachments: [{ type: 'tag', id: id('9', n), name: 'coffee' }],
    html_url: `/activities/${id('1', n)}`,
    created_at: '2026-03-05T10:00:00.000Z',
    updated_at: '2026-03-05T10:00:00.000Z',
    edited: false,
    activitystreams: [{ id: id('5', 1), slug: 'general', name: 'General', html_url: '/activitystreams/general' }],
    reply_count: 2,
    answer_count: 0,
    like_count: 0,
    latest_replies: [],
    circular_letter: null,
    i: { liked: false, can: { update: false, destroy: false, reply: true, answer: false, like: true } },
    ignored: false,
  };
}

export function message(n: number): SearchHits['messages'] {
  return {
    id: id('2', n),
    author: ANNA,
    subject: `Coffee order ${n}`,
    html_content: '<p>Who brings the coffee?</p>',
    to: [{ id: id('a', 2), name: 'Ben Berger' }],
    created_at: '2026-03-06T10:00:00.000Z',
    html_url: `/messages/${id('2', n)}`,
  };
}

export function member(n: number): SearchHits['memberships'] {
  return {
    id: id('3', n),
    name: `Coffee Fan ${n}`,
    images: { small: null, medium: null, large: null },
    is_external: false,
    detail: 'Barista',
    html_url: `/members/${id('3', n)}`,
  };
}

export function group(n: number): SearchHits['groups'] {
  return {
    id: id('4', n),
    slug: `coffee-${n}`,
    name: `Coffee club ${n}`,
    images: { small: null, medium: null, large: null },
    archived: false,
    access: 'open',
    member_count: 12,
    activity_count: 1,
    teaser: 'Beans and brews',
    group_category_id: id('6', 1),
    group_category_slug: 'clubs',
    html_url: `/groups/coffee-${n}`,
  };
}

/** One module's results. */
export function result<M extends SearchModule>(
  hits: Array<SearchHits[M]>,
  overrides: Partial<SearchResult<M>> = {},
): SearchResult<M> {
  return {
    hits,
    meta: { highlight: {} },
    total: hits.length,
    total_capped: false,
    per: 5,
    page: 1,
    sort_by: 'relevance',
    available_sorts: [
      { key: 'relevance', label: 'Relevance' },
      { key: 'newest', label: 'Newest' },
    ],
    ...overrides,
  };
}

/** An overview: activities (12 in all), messages (1), appointments, members and groups (none). */
export function overview(): SearchResponse {
  return {
    activities_query: result(
      [1, 2, 3, 4, 5].map((n) => activity(n)),
      { total: 12 },
    ),
    messages_query: result([message(1)]),
    appointments_query: result<'appointments'>([]),
    memberships_query: result<'memberships'>([]),
    groups_query: result<'groups'>([]),
  };
}
