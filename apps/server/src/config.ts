import path from 'node:path';
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
  REDIS_URL: z.string().optional(),
  REDIS_KEY_PREFIX: z.string().default('agora:'),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Agora <no-reply@localhost>'),
  /** Where an online meeting room's meeting is joined; {room} is replaced by the room's key. */
  MEETING_URL_TEMPLATE: z
    .string()
    .default('https://meet.jit.si/{room}')
    .refine((v) => v.includes('{room}') && /^https?:\/\//.test(v), 'must be an http(s) URL containing {room}'),
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
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  WEB_DIST_DIR: z.string().optional(),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** Keeps the keys of several deployments (or test runs) sharing one Redis apart. */
  redisKeyPrefix: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** The video-meeting URL of a meeting room, with `{room}` standing for the room's key. */
  meetingUrlTemplate: string;
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
  signInLimits: { perAddress: number; perIp: number; windowMs: number };
  trustProxy: boolean;
  /** Where the built web app lives; the server serves it from the same port as the API. */
  webDistDir: string;
};

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
    redisUrl: e.REDIS_URL || undefined,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    meetingUrlTemplate: e.MEETING_URL_TEMPLATE,
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
      perAddress: e.SIGN_IN_LIMIT_PER_ADDRESS,
      perIp: e.SIGN_IN_LIMIT_PER_IP,
      windowMs: 15 * 60 * 1000,
    },
    trustProxy: e.TRUST_PROXY,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? defaultWebDistDir()),
  };
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
