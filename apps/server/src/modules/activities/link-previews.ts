import { Parser } from 'htmlparser2';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import type { Processor } from '../../platform/events/index.ts';
import type { Jobs } from '../../platform/jobs/jobs.ts';
import type { FetchedPage } from '../../platform/http/safe-fetch.ts';
import { ACTIVITY_EVENTS } from './events.ts';
import { linkPreviews, type LinkPreviewRow } from './tables.ts';
import type { ActivitiesRepository } from './repository.ts';

export const LINK_PREVIEW_QUEUE = 'activities.link-preview';
/** A preview older than this is fetched again when the link is posted anew. */
const STALE_MS = 7 * 24 * 60 * 60 * 1000;
const TITLE_MAX = 300;
const DESCRIPTION_MAX = 500;

export type LinkPreview = { title: string | null; description: string | null; siteName: string | null };

const clean = (value: string | undefined, max: number): string | null => {
  const text = value?.replace(/\s+/g, ' ').trim();
  if (!text) return null;
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
};

/**
 * What a page's head says of it: Open Graph first, then Twitter cards, then the title element
 * and the meta description. Stops at the body: nothing after the head is read.
 */
export function parseLinkPreview(html: string): LinkPreview {
  const meta = new Map<string, string>();
  let title = '';
  let inTitle = false;
  let done = false;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (done) return;
        if (name === 'body') {
          done = true;
          return;
        }
        if (name === 'title') inTitle = true;
        if (name === 'meta') {
          const key = (attributes.property ?? attributes.name ?? '').toLowerCase();
          if (key && attributes.content !== undefined && !meta.has(key)) meta.set(key, attributes.content);
        }
      },
      ontext(text) {
        if (inTitle && !done) title += text;
      },
      onclosetag(name) {
        if (name === 'title') inTitle = false;
        if (name === 'head') done = true;
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return {
    title: clean(meta.get('og:title') ?? meta.get('twitter:title') ?? title, TITLE_MAX),
    description: clean(
      meta.get('og:description') ?? meta.get('twitter:description') ?? meta.get('description'),
      DESCRIPTION_MAX,
    ),
    siteName: clean(meta.get('og:site_name'), TITLE_MAX),
  };
}

export type LinkPreviewsDeps = {
  db: Db;
  jobs: Pick<Jobs, 'send' | 'work'>;
  repository: Pick<ActivitiesRepository, 'byIds'>;
  /** Fetches a page safely (public addresses only); null: previews are switched off. */
  fetchPage: ((url: string) => Promise<FetchedPage>) | null;
  now?: () => Date;
};

/**
 * Link previews: when an activity with a link is posted or edited, a job fetches the page once
 * (or again after a week) and keeps its title and description for every activity linking it.
 */
export function createLinkPreviews(deps: LinkPreviewsDeps) {
  const now = () => deps.now?.() ?? new Date();

  async function byUrls(urls: string[]): Promise<Map<string, LinkPreviewRow>> {
    const unique = [...new Set(urls)];
    if (unique.length === 0) return new Map();
    const rows = await deps.db.select().from(linkPreviews).where(inArray(linkPreviews.url, unique));
    return new Map(rows.map((r) => [r.url, r]));
  }

  /** Fetches and keeps one page's preview; a failure is kept as such (the link then shows bare). */
  async function refresh(url: string): Promise<LinkPreviewRow> {
    let preview: LinkPreview | null = null;
    try {
      const page = await deps.fetchPage!(url);
      if (page.status >= 200 && page.status < 300 && page.body) preview = parseLinkPreview(page.body);
    } catch {
      preview = null;
    }
    const usable = preview && (preview.title || preview.description);
    const row = {
      url,
      status: usable ? ('ok' as const) : ('failed' as const),
      title: usable ? preview!.title : null,
      description: usable ? preview!.description : null,
      siteName: usable ? preview!.siteName : null,
      fetchedAt: now(),
    };
    const { url: _key, ...changes } = row;
    await deps.db.insert(linkPreviews).values(row).onConflictDoUpdate({ target: linkPreviews.url, set: changes });
    return row;
  }

  const processor: Processor = {
    name: 'activities.link-previews',
    types: [ACTIVITY_EVENTS.created, ACTIVITY_EVENTS.updated],
    handle: async (event) => {
      if (!deps.fetchPage) return;
      const [row] = await deps.repository.byIds(event.networkId, [event.subject.id]);
      if (!row?.linkUrl) return;
      const known = (await byUrls([row.linkUrl])).get(row.linkUrl);
      if (known && now().getTime() - known.fetchedAt.getTime() < STALE_MS) return;
      await deps.jobs.send(
        LINK_PREVIEW_QUEUE,
        { url: row.linkUrl },
        { singletonKey: row.linkUrl, singletonSeconds: 60, retryLimit: 0 },
      );
    },
  };

  return {
    byUrls,
    refresh,
    processor,
    registerWorker(): void {
      if (!deps.fetchPage) return;
      deps.jobs.work<{ url: string }>(LINK_PREVIEW_QUEUE, async ({ data }) => {
        await refresh(data.url);
      });
    },
  };
}

export type LinkPreviews = ReturnType<typeof createLinkPreviews>;

/** Only the columns a presenter needs, keyed by URL (for tests and the view). */
export const previewAttachment = (url: string, row: LinkPreviewRow | undefined) => ({
  type: 'link' as const,
  url,
  title: row?.status === 'ok' ? row.title : null,
  description: row?.status === 'ok' ? row.description : null,
  image_url: null,
});
