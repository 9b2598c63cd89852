import path from 'node:path';
import proxyAddr from '@fastify/proxy-addr';
import { z } from 'zod';

/**
 * Every environment variable the server reads, parsed in one place. The README's configuration
 * table lists the same variables; keep the two in step.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('data'),
  DATABASE_URL: z.string().optional(),
  /** Without DATABASE_URL: the PostgreSQL the server runs itself in DATA_DIR/postgres, or PGlite in-process. */
  EMBEDDED_DATABASE: z.enum(['postgres', 'pglite']).optional(),
  REDIS_URL: z.string().optional(),
  REDIS_KEY_PREFIX: z.string().default('agora:'),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Agora <no-reply@localhost>'),
  MAIL_BOUNCE_TOKEN: z.string().optional(),
  /** Where an online meeting room's meeting is joined; {room} is replaced by the room's key. */
  MEETING_URL_TEMPLATE: z
    .string()
    .default('https://meet.jit.si/{room}')
    .refine((v) => v.includes('{room}') && /^https?:\/\//.test(v), 'must be an http(s) URL containing {room}'),
  /** A Nominatim-compatible geocoder that places members' addresses on the maps; unset: none. */
  GEOCODER_URL: z
    .string()
    .optional()
    .refine((v) => v === undefined || /^https?:\/\/[^\s]+$/.test(v), 'must be an http(s) URL'),
  /** The map tiles: a URL with {z}, {x} and {y}, and {theme} for the network's map theme; unset: no tiles. */
  MAP_TILE_URL: z
    .string()
    .optional()
    .refine(
      (v) => v === undefined || (/^https?:\/\/[^\s]+$/.test(v) && ['{z}', '{x}', '{y}'].every((p) => v.includes(p))),
      'must be an http(s) URL containing {z}, {x} and {y}',
    ),
  MAP_TILE_ATTRIBUTION: z.string().default('© OpenStreetMap contributors'),
  /** Whether the server fetches linked pages (public addresses only) to show their title and description. */
  LINK_PREVIEWS: z.enum(['on', 'off']).default('on'),
  /** Web Push (VAPID, RFC 8292): the key pair (`npx web-push generate-vapid-keys`) and a contact; unset: no browser pushes. */
  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  VAPID_SUBJECT: z
    .string()
    .optional()
    .refine((v) => v === undefined || /^(mailto:|https:\/\/)\S+$/.test(v), 'must be a mailto: or https: URL'),
  /** A LibreTranslate service that translates messages for members; unset: no translation offered. */
  TRANSLATION_URL: z
    .string()
    .optional()
    .refine((v) => v === undefined || v === '' || /^https?:\/\/[^\s]+$/.test(v), 'must be an http(s) URL'),
  TRANSLATION_API_KEY: z.string().optional(),
  /** The WOPI discovery address of an office server (Collabora Online, ONLYOFFICE ...); unset: no office editing. */
  WOPI_DISCOVERY_URL: z
    .string()
    .optional()
    .refine((v) => v === undefined || v === '' || /^https?:\/\/[^\s]+$/.test(v), 'must be an http(s) URL'),
  S3_ENDPOINT: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(2 * 1024 ** 3),
  CLAMD_SOCKET: z.string().optional(),
  SESSION_SECRET: z.string().min(32).optional(),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).default(30),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SIGN_IN_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).default(10),
  SIGN_IN_LIMIT_PER_IP: z.coerce.number().int().min(1).default(100),
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v, ctx) => {
      const trust = parseTrustProxy(v);
      if (trust === null) {
        ctx.addIssue({
          code: 'custom',
          message: 'must be false, a number of proxies (1, 2, ...) or their addresses (10.0.0.1,10.0.0.0/8)',
        });
        return z.NEVER;
      }
      return trust;
    }),
  WEB_DIST_DIR: z.string().optional(),
  EVENT_WORKERS: z.coerce.number().int().min(0).max(64).optional(),
  // Each member's budgets (token buckets): at most the burst at once, refilled per second.
  SOCKET_EVENT_BURST: z.coerce.number().int().min(1).default(60),
  SOCKET_EVENT_RATE: z.coerce.number().positive().default(5),
  WRITE_BURST: z.coerce.number().int().min(1).default(60),
  WRITE_RATE: z.coerce.number().positive().default(1),
  UPLOAD_BURST: z.coerce.number().int().min(1).default(200),
  UPLOAD_RATE: z.coerce.number().positive().default(5),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** The embedded engine asked for; unset: PostgreSQL, or PGlite where DATA_DIR holds only a PGlite database. */
  embeddedDatabase: 'postgres' | 'pglite' | undefined;
  redisUrl: string | undefined;
  /** Keeps the keys of several deployments (or test runs) sharing one Redis apart. */
  redisKeyPrefix: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** The bearer token with which the mail system reports bounced addresses; unset: no reports taken. */
  mailBounceToken: string | undefined;
  /** The video-meeting URL of a meeting room, with `{room}` standing for the room's key. */
  meetingUrlTemplate: string;
  /** The Nominatim-compatible geocoder of members' addresses (the maps); unset: addresses stay unplaced. */
  geocoderUrl: string | undefined;
  /** The map tile server: URL template (`{z}/{x}/{y}`, optional `{theme}`) and the credit shown on the map. */
  mapTiles: { urlTemplate: string; attribution: string } | undefined;
  /** Whether linked pages are fetched for their previews (`LINK_PREVIEWS`, default on). */
  linkPreviews: boolean;
  /** The Web Push keys and contact (`VAPID_*`); unset: browsers are not pushed to. */
  vapid: { publicKey: string; privateKey: string; subject: string } | undefined;
  /** The LibreTranslate service and its key; unset: the translation calls offer no language. */
  translation: { url: string; apiKey: string | undefined } | undefined;
  /** The office server's WOPI discovery (`/hosting/discovery`); unset: files offer no office actions. */
  wopiDiscoveryUrl: string | undefined;
  s3:
    | {
        endpoint: string | undefined;
        region: string;
        bucket: string;
        accessKeyId: string | undefined;
        secretAccessKey: string | undefined;
        forcePathStyle: boolean;
      }
    | undefined;
  /** The largest upload accepted; larger ones are answered 413. */
  uploadMaxBytes: number;
  /** clamd's socket (a unix socket path or host:port) that scans every upload; unset: no scan. */
  clamdSocket: string | undefined;
  /** Signs session cookies. When unset, main.ts keeps a generated one in DATA_DIR (see session-secret.ts). */
  sessionSecret: string;
  sessionSecretGenerated: boolean;
  sessionTtlDays: number;
  logLevel: string;
  /**
   * Failed sign-ins: `perPair` of one address from one IP and `perIp` from one IP are refused
   * for the rest of the window; an address's failures from anywhere make its next attempt wait
   * (see accounts/sign-in-guard.ts).
   */
  signInLimits: {
    perPair: number;
    perIp: number;
    windowMs: number;
    delay: { after: number; baseMs: number; maxMs: number };
    knownMs: number;
  };
  /** Password-reset mails asked for per address and per IP in a window, apart from the sign-in failures. */
  passwordResetLimits: { perAddress: number; perIp: number; windowMs: number };
  /**
   * Each member's budgets: socket events (any module's), HTTP writes, uploads. Over budget an
   * event is answered too_many_requests and a write 429, with the time to wait.
   */
  budgets: Record<'socketEvents' | 'writes' | 'uploads', { burst: number; perSecond: number }>;
  /** Whose X-Forwarded-* headers are believed (see TrustProxy). */
  trustProxy: TrustProxy;
  /** Where the built web app lives; the server serves it from the same port as the API. */
  webDistDir: string;
  /**
   * Event deliveries this process handles at once; 0 leaves them to other processes (a process
   * that only answers requests). Unset: 1 on the embedded database, 4 on PostgreSQL.
   */
  eventWorkers: number | undefined;
};

/**
 * The proxies whose X-Forwarded-For, -Host and -Proto are believed: none, the nearest `hops`
 * (the nearest of which must connect from a loopback or private address, so that a client
 * reaching the server directly cannot pose as one), or those at these addresses and ranges.
 */
export type TrustProxy = false | { hops: number } | { addresses: string[] };

/** `false`/`0`, `true` (one proxy), a number of proxies, or a comma-separated list of addresses and CIDR ranges. */
export function parseTrustProxy(value: string): TrustProxy | null {
  const v = value.trim().toLowerCase();
  if (v === 'false' || v === '0') return false;
  if (v === 'true') return { hops: 1 };
  if (/^\d+$/.test(v)) return Number(v) <= 32 ? { hops: Number(v) } : null;
  const addresses = v
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
  if (addresses.length === 0) return null;
  try {
    // proxy-addr (what Fastify itself uses) refuses what is neither an address nor a range.
    proxyAddr.compile(addresses);
  } catch {
    return null;
  }
  return { addresses };
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (`PORT=`) counts as unset, not as an empty value.
  const set = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(set);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const sessionSecret = e.SESSION_SECRET ?? randomSecret();
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    dataDir,
    databaseUrl: e.DATABASE_URL || undefined,
    embeddedDatabase: e.EMBEDDED_DATABASE,
    redisUrl: e.REDIS_URL || undefined,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    mailBounceToken: e.MAIL_BOUNCE_TOKEN || undefined,
    meetingUrlTemplate: e.MEETING_URL_TEMPLATE,
    geocoderUrl: e.GEOCODER_URL?.replace(/\/$/, ''),
    linkPreviews: e.LINK_PREVIEWS === 'on',
    vapid: vapidConfig(e),
    mapTiles: e.MAP_TILE_URL ? { urlTemplate: e.MAP_TILE_URL, attribution: e.MAP_TILE_ATTRIBUTION } : undefined,
    translation: e.TRANSLATION_URL
      ? { url: e.TRANSLATION_URL.replace(/\/$/, ''), apiKey: e.TRANSLATION_API_KEY || undefined }
      : undefined,
    wopiDiscoveryUrl: e.WOPI_DISCOVERY_URL || undefined,
    s3: e.S3_BUCKET
      ? {
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          bucket: e.S3_BUCKET,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : undefined,
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    clamdSocket: e.CLAMD_SOCKET || undefined,
    sessionSecret,
    sessionSecretGenerated: !e.SESSION_SECRET,
    sessionTtlDays: e.SESSION_TTL_DAYS,
    logLevel: e.LOG_LEVEL,
    signInLimits: {
      perPair: e.SIGN_IN_LIMIT_PER_ADDRESS,
      perIp: e.SIGN_IN_LIMIT_PER_IP,
      windowMs: 15 * 60 * 1000,
      // After 5 failures of an address: 1 s, 2 s, 4 s ... at most 30 s before its next attempt.
      delay: { after: 5, baseMs: 1000, maxMs: 30_000 },
      knownMs: 30 * 24 * 60 * 60 * 1000,
    },
    passwordResetLimits: { perAddress: 5, perIp: 30, windowMs: 60 * 60 * 1000 },
    trustProxy: e.TRUST_PROXY,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? defaultWebDistDir()),
    eventWorkers: e.EVENT_WORKERS,
    budgets: {
      socketEvents: { burst: e.SOCKET_EVENT_BURST, perSecond: e.SOCKET_EVENT_RATE },
      writes: { burst: e.WRITE_BURST, perSecond: e.WRITE_RATE },
      uploads: { burst: e.UPLOAD_BURST, perSecond: e.UPLOAD_RATE },
    },
  };
}

/** All three VAPID variables, or none: half a configuration would fail at the first push. */
function vapidConfig(e: z.infer<typeof envSchema>): Config['vapid'] {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey, VAPID_SUBJECT: subject } = e;
  if (!publicKey && !privateKey && !subject) return undefined;
  if (!publicKey || !privateKey || !subject) {
    throw new ConfigError(
      'Invalid configuration:\n  VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT: set all three or none',
    );
  }
  return { publicKey, privateKey, subject };
}

function randomSecret(): string {
  return globalThis.crypto
    .getRandomValues(new Uint8Array(32))
    .reduce((s, b) => s + b.toString(16).padStart(2, '0'), '');
}

/** apps/web/dist, found relative to this file both from src/ (tsx) and from dist/ (built). */
function defaultWebDistDir(): string {
  const here = path.dirname(new URL(import.meta.url).pathname);
  return path.resolve(here, '..', '..', 'web', 'dist');
}
