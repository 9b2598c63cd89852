import { Parser } from 'htmlparser2';
import { FILE_LIMITS } from '@agora/contracts';

/** One `<action>` of an office server's WOPI discovery: what its app does for one extension. */
export type DiscoveryAction = {
  /** The app's name (`Word`, `writer`, or a content type such as `application/pdf`). */
  app: string;
  /** `view`, `edit`, `review`, `embedview` ... */
  name: string;
  /** The extension without a dot, lower case; empty where the app's name is a content type. */
  ext: string;
  urlsrc: string;
};

export type OfficeDiscovery = {
  /** Whether an office server is configured at all. */
  configured: boolean;
  /** The discovery's actions; null without a server or while it cannot be read. */
  actions(): Promise<DiscoveryAction[] | null>;
};

/** Zones a discovery may describe; the first one present is used (Collabora has only `external-http`). */
const ZONES = ['external-https', 'external-http', 'internal-https', 'internal-http'];

/** A discovery is a few hundred kB at most (Microsoft's is the largest); more is not a discovery. */
const MAX_BYTES = 4 * 1024 * 1024;
const TIMEOUT_MS = 10_000;
/** After a failure the discovery is asked again after this long, not at every request. */
const RETRY_MS = 60_000;

/** The actions of a discovery document, from its preferred net zone. */
export function parseDiscovery(xml: string): DiscoveryAction[] {
  const byZone = new Map<string, DiscoveryAction[]>();
  let zone = '';
  let app = '';
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const tag = name.toLowerCase();
        if (tag === 'net-zone') zone = attributes.name ?? '';
        else if (tag === 'app') app = attributes.name ?? '';
        else if (tag === 'action' && attributes.name && attributes.urlsrc) {
          const list = byZone.get(zone) ?? [];
          list.push({
            app,
            name: attributes.name,
            ext: (attributes.ext ?? '').toLowerCase(),
            urlsrc: attributes.urlsrc,
          });
          byZone.set(zone, list);
        }
      },
      onclosetag(name) {
        const tag = name.toLowerCase();
        if (tag === 'net-zone') zone = '';
        else if (tag === 'app') app = '';
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.write(xml);
  parser.end();
  const preferred = ZONES.find((z) => byZone.has(z));
  if (preferred) return byZone.get(preferred)!;
  return [...byZone.values()][0] ?? [];
}

/** A file's actions: those for its extension, and those whose app is named by its content type. */
export function actionsForFile(
  actions: DiscoveryAction[],
  file: { extension: string; contentType: string },
): DiscoveryAction[] {
  const ext = file.extension.replace(/^\./, '').toLowerCase();
  const seen = new Set<string>();
  return actions.filter((a) => {
    const fits = (ext !== '' && a.ext === ext) || (a.ext === '' && a.app === file.contentType);
    if (!fits || seen.has(a.name)) return false;
    seen.add(a.name);
    return true;
  });
}

/**
 * The address the editor frame is posted to: the action's `urlsrc` with its placeholders
 * (`<ui=UI_LLCC&>`) filled where we know the value and dropped where we do not, and `WOPISrc`
 * (the file's WOPI address) added.
 */
export function actionUrl(urlsrc: string, wopiSrc: string, locale: string): string {
  const language = locale.replace('_', '-').replace(/^de-DU$/, 'de-DE');
  const filled = urlsrc.replace(/<([^=<>]+)=([^&<>]+)&?>/g, (_all, name: string, placeholder: string) => {
    if (placeholder === 'UI_LLCC' || placeholder === 'DC_LLCC') return `${name}=${encodeURIComponent(language)}&`;
    return '';
  });
  const base = filled.replace(/&+$/, '&');
  const joiner = base.endsWith('?') || base.endsWith('&') ? '' : base.includes('?') ? '&' : '?';
  return `${base}${joiner}WOPISrc=${encodeURIComponent(wopiSrc)}`;
}

/**
 * The office server's discovery, read when first needed and kept for an hour
 * (`FILE_LIMITS.discoveryCacheMs`); requests meanwhile share one read.
 */
export function createOfficeDiscovery(
  url: string | undefined,
  options: { now?: () => number; log?: { warn(details: object, message: string): void } } = {},
): OfficeDiscovery {
  const now = options.now ?? Date.now;
  let cached: { actions: DiscoveryAction[] | null; until: number } | null = null;
  let pending: Promise<DiscoveryAction[] | null> | null = null;

  async function read(address: string): Promise<DiscoveryAction[] | null> {
    try {
      const response = await fetch(address, {
        headers: { accept: 'application/xml, text/xml;q=0.9' },
        signal: AbortSignal.timeout(TIMEOUT_MS),
        redirect: 'follow',
      });
      if (!response.ok) throw new Error(`the discovery answered ${response.status}`);
      const declared = Number(response.headers.get('content-length') ?? 0);
      if (declared > MAX_BYTES) throw new Error('the discovery is too large');
      const text = await response.text();
      if (text.length > MAX_BYTES) throw new Error('the discovery is too large');
      const actions = parseDiscovery(text);
      if (actions.length === 0) throw new Error('the discovery names no action');
      cached = { actions, until: now() + FILE_LIMITS.discoveryCacheMs };
    } catch (error) {
      options.log?.warn({ err: error, url: address }, 'office server discovery failed');
      cached = { actions: null, until: now() + RETRY_MS };
    }
    return cached.actions;
  }

  return {
    configured: !!url,
    async actions() {
      if (!url) return null;
      if (cached && cached.until > now()) return cached.actions;
      pending ??= read(url).finally(() => {
        pending = null;
      });
      return pending;
    },
  };
}
