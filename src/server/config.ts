import fs from 'node:fs';
import { z } from 'zod';

const optional = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined));

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_PATH: z.string().min(1).default('./data/app.db'),
  JWT_SECRET: optional.refine((v) => v === undefined || v.length >= 32, {
    message: 'must be at least 32 characters',
  }),
  ADMIN_EMAIL: optional,
  ADMIN_PASSWORD: optional,
  APP_URL: optional.pipe(z.url().optional()),
  SMTP_URL: optional,
  MAIL_FROM: optional,
  TZ: optional,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BACKUP_KEEP: z.coerce.number().int().min(0).max(3650).default(7),
  IMPORT_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(2 * 1024 * 1024 * 1024)
    .default(50 * 1024 * 1024),
  // An attachment lives in the database (decision 192): 256 MB at most, 10 MB unless set.
  ATTACHMENT_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(256 * 1024 * 1024)
    .default(10 * 1024 * 1024),
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).max(43200).default(120),
  SESSION_MAX_HOURS: z.coerce.number().int().min(1).max(8760).default(12),
  REQUIRE_TWO_FACTOR: z.enum(['off', 'admins', 'all']).default('off'),
  EVENT_STREAMS_MAX: z.coerce.number().int().min(1).max(10000).default(200),
});

export interface Config {
  port: number;
  host: string;
  databasePath: string;
  jwtSecret?: string;
  adminEmail?: string;
  adminPassword?: string;
  appUrl: string;
  smtpUrl?: string;
  mailFrom: string;
  timeZone: string;
  logLevel: z.infer<typeof schema>['LOG_LEVEL'];
  /** Daily automatic backups kept in the data folder's backups/ (0: none). */
  backupKeep: number;
  /** Largest file an import accepts (bytes); larger uploads are answered 413. */
  importMaxBytes: number;
  attachmentMaxBytes: number;
  /** A session unused this long ends (decision 101). */
  sessionIdleMinutes: number;
  /** A session ends this long after its sign-in, however busy. */
  sessionMaxHours: number;
  /** Who must have a second step before doing anything else (decision 102). */
  requireTwoFactor: 'off' | 'admins' | 'all';
  /** Change streams (GET /api/events) open at once on the server; past it, 429 (decision 150). */
  eventStreamsMax: number;
}

export class ConfigError extends Error {}

/** Environment -> typed config. Throws ConfigError naming each bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const timeZone = e.TZ ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
  } catch {
    throw new ConfigError(`Invalid configuration:\n  TZ: unknown time zone "${timeZone}"`);
  }
  return {
    port: e.PORT,
    host: e.HOST,
    databasePath: e.DATABASE_PATH,
    jwtSecret: e.JWT_SECRET,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? 'Coin Ledger <no-reply@localhost>',
    timeZone,
    logLevel: e.LOG_LEVEL,
    backupKeep: e.BACKUP_KEEP,
    importMaxBytes: e.IMPORT_MAX_BYTES,
    attachmentMaxBytes: e.ATTACHMENT_MAX_BYTES,
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
    sessionMaxHours: e.SESSION_MAX_HOURS,
    requireTwoFactor: e.REQUIRE_TWO_FACTOR,
    eventStreamsMax: e.EVENT_STREAMS_MAX,
  };
}

/** Reads `.env` from the working folder into the environment, as the server and every command do. */
export function loadDotEnv(file = '.env'): void {
  if (fs.existsSync(file)) process.loadEnvFile(file);
}
