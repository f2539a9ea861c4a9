import { TRPC_MAX_BATCH_CALLS } from '../shared/constants';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import jwt from '@fastify/jwt';
import { registerReadAnswers } from './http/read-answers';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import type { Config } from './config';
import { openDatabase, type OpenedDatabase } from './db/database';
import { scheduleDailyBackups } from './db/backup-schedule';
import { scheduleDailyLedgerCheck } from './features/transactions/ledger-check';
import { type Maintenance, startMaintenance } from './db/maintenance';
import { migrateToLatest, migrationsCurrent } from './db/migrate';
import { openToOthers } from './db/file-modes';
import { type DatabaseLock, lockDatabase, removePid, writePid } from './db/server-lock';
import { loadJwtSecret } from './features/auth/jwt-secret';
import { LoginThrottle } from './features/auth/login-throttle';
import { Sessions } from './features/auth/sessions';
import { Challenges } from './features/auth/challenges';
import { ensureFirstAdmin } from './features/users/first-admin';
import { useOfficeZone } from './features/check-ins/check-in-days';
import { capConnections, HTTP_LIMITS, type HttpLimits, timeoutOptions } from './http/connection-limits';
import { registerErrorHandlers } from './http/errors';
import { registerRest } from './http/rest';
import { registerEvents } from './http/events-route';
import { CHANGE_STREAM_LIMITS, ChangeHub, type ChangeStreamLimits } from './changes/change-hub';
import { registerApiDocs } from './http/api-docs';
import { registerTrpcBatchLimit } from './http/trpc-batch-limit';
import { registerSecurityHeaders } from './http/security-headers';
import { registerStatic } from './http/static';
import { registerCompressedAnswers } from './http/compressed-answers';
import { createMailer } from './mail/mailer';
import { downloadTokens } from './features/exports/download-tokens';
import { ledgerCheckRuns } from './features/audit/ledger-check-runs';
import { registerExports } from './features/exports/exports.routes';
import { registerStatements } from './features/exports/statement.routes';
import { createImporter } from './features/import/importer';
import type { ImportLimits } from './features/import/import-limits';
import { registerImport } from './features/import/import.routes';
import { registerAttachments } from './features/attachments/attachments.routes';
import { inlineReaders, poolReaders, READER_LIMITS, type ReaderLimits, readThreads } from './reads/readers';
import { type AppRouter, appRouter } from './trpc/app-router';
import { type AppServices, contextFactory } from './trpc/context';
import { sql } from 'kysely';

export interface ServerOptions {
  config: Config;
  /** An already opened (and migrated) database; opened from config.databasePath when absent. */
  database?: OpenedDatabase;
  /** The data folder (outbox, secret, backups); the database file's folder by default. */
  dataDir?: string;
  /** Where the one-time first-admin notice goes. */
  announce?: (text: string) => void;
  /** Logger: false for silence (tests), or a pino stream destination. */
  logger?: boolean | { stream: NodeJS.WritableStream };
  webRoot?: string;
  /** Connection timeouts and caps (tests shorten them). */
  httpLimits?: Partial<HttpLimits>;
  /** An import's bounds (tests shorten them): features/import/import-limits.ts. */
  importLimits?: Partial<ImportLimits>;
  /** The export thread's line and its patience with slow downloads (tests shorten them). */
  readerLimits?: Partial<ReaderLimits>;
  /** The change stream's bounds (tests shorten them): changes/change-hub.ts. */
  changeStreamLimits?: Partial<ChangeStreamLimits>;
}

export interface AppServer {
  app: FastifyInstance;
  database: OpenedDatabase;
  services: AppServices;
  start: () => Promise<string>;
  stop: () => Promise<void>;
}

const redactUrl = (url: string) => url.replace(/([?&]token=)[^&]*/gi, '$1[redacted]');

/** Builds the server; a database file on disk is locked to it until stop() (a second server is refused). */
export async function createServer(options: ServerOptions): Promise<AppServer> {
  const onDisk = options.config.databasePath !== ':memory:';
  const lock = onDisk ? lockDatabase(options.config.databasePath) : undefined;
  try {
    return await buildServer(options, lock);
  } catch (error) {
    lock?.release();
    throw error;
  }
}

async function buildServer(options: ServerOptions, lock: DatabaseLock | undefined): Promise<AppServer> {
  const { config } = options;
  const database = options.database ?? openDatabase(config.databasePath);
  const httpLimits = { ...HTTP_LIMITS, ...options.httpLimits };
  const readerLimits = { ...READER_LIMITS, ...options.readerLimits };
  const dataDir = options.dataDir ?? path.dirname(path.resolve(config.databasePath));
  const logger =
    options.logger === false
      ? false
      : {
          level: config.logLevel,
          redact: ['req.headers.authorization', 'req.body.password', 'req.body.token'],
          serializers: {
            req: (req: { method: string; url: string; ip?: string }) => ({
              method: req.method,
              url: redactUrl(req.url),
              remoteAddress: req.ip,
            }),
          },
          ...(typeof options.logger === 'object' ? { stream: options.logger.stream } : {}),
        };

  const app = Fastify({
    logger,
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: 5000 },
    requestIdHeader: 'x-request-id',
    ...timeoutOptions(httpLimits),
  });
  capConnections(app.server, httpLimits);

  registerSecurityHeaders(app);

  const jwtSecret = loadJwtSecret(config.jwtSecret, config.databasePath === ':memory:' ? null : dataDir);
  await app.register(jwt, {
    secret: jwtSecret,
    // The session row decides when a sign-in ends (and logs its timeout); the token's own expiry, a few
    // minutes past SESSION_MAX_HOURS, is only a backstop.
    sign: { algorithm: 'HS256', expiresIn: `${config.sessionMaxHours * 60 + 5}m` },
    verify: { algorithms: ['HS256'] },
  });

  const onDisk = config.databasePath !== ':memory:';
  const env = { timeZone: config.timeZone };
  const readers = onDisk
    ? poolReaders(config.databasePath, env, readThreads(), readerLimits)
    : inlineReaders(database.db, env, readerLimits);
  const services: AppServices = {
    config,
    downloadTokens: downloadTokens(),
    readers,
    ledgerChecks: ledgerCheckRuns(database.db, () => readers.run('admin.ledgerCheck', undefined), app.log),
    sessions: new Sessions(
      database.db,
      (claim) => app.jwt.sign({ sub: String(claim.userId), sid: claim.sessionId, tv: claim.tokenVersion }),
      (token) => app.jwt.verify(token),
      { idleMinutes: config.sessionIdleMinutes, maxHours: config.sessionMaxHours },
    ),
    challenges: new Challenges(),
    changes: new ChangeHub({ ...CHANGE_STREAM_LIMITS, total: config.eventStreamsMax, ...options.changeStreamLimits }),
    loginThrottle: new LoginThrottle(),
    mailer: createMailer({
      appUrl: config.appUrl,
      from: config.mailFrom,
      smtpUrl: config.smtpUrl,
      outboxDir: path.join(dataDir, 'outbox'),
      log: app.log,
    }),
  };
  const createContext = contextFactory(database.db, services);

  const servePage = await registerStatic(app, options.webRoot);
  registerErrorHandlers(app, servePage);

  registerTrpcBatchLimit(app);
  registerCompressedAnswers(app);
  registerReadAnswers(app, createContext);
  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      createContext,
      // Counted again after the path is decoded: a comma encoded twice passes the onRequest count as one call.
      maxBatchSize: TRPC_MAX_BATCH_CALLS,
      onError({ error, req }) {
        if (error.code === 'INTERNAL_SERVER_ERROR') req.log.error({ err: error.cause ?? error }, 'procedure failed');
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });
  registerRest(app, (req) => createContext({ req }));
  registerEvents(app, services);
  registerApiDocs(app);
  registerExports(app, database.db, services);
  registerStatements(app, database.db, services);
  registerAttachments(app, database.db, services);
  registerImport(app, services, createImporter(database.db, config.databasePath, dataDir, config.timeZone, options.importLimits));

  app.get('/api/health', async (_req, reply) => {
    try {
      await sql`select 1`.execute(database.db);
      const current = await migrationsCurrent(database.db);
      return reply.code(current ? 200 : 503).send({ status: current ? 'ok' : 'migrations pending', database: 'ok' });
    } catch {
      return reply.code(503).send({ status: 'error', database: 'unreachable' });
    }
  });

  let stopBackups = () => {};
  let stopLedgerChecks = () => {};
  let maintenance: Maintenance | undefined;
  return {
    app,
    database,
    services,
    async start() {
      await migrateToLatest(database.db);
      // The check-in board's kept days follow the office time zone (decision 061): rebuilt when TZ changed.
      if (useOfficeZone(database.sqlite, config.timeZone))
        app.log.info({ timeZone: config.timeZone }, 'check-in days rebuilt for the office time zone');
      // The read threads start on the migrated database (they read tables the migrations add).
      services.readers.start();
      await ensureFirstAdmin(database.db, config, options.announce ?? ((text) => console.log(text)));
      const address = await app.listen({ port: config.port, host: config.host });
      if (onDisk) {
        writePid(dataDir);
        if (openToOthers(dataDir)) app.log.warn({ dataDir }, 'the data folder can be read by other users of this machine; chmod 700 it');
        maintenance = startMaintenance(config.databasePath);
        stopBackups = scheduleDailyBackups(maintenance, path.join(dataDir, 'backups'), config.backupKeep, app.log);
        stopLedgerChecks = scheduleDailyLedgerCheck(database.db, () => services.readers.run('admin.ledgerCheck', undefined), app.log);
      }
      return address;
    },
    /** Finishes in-flight requests, then closes the database cleanly. */
    async stop() {
      stopBackups();
      stopLedgerChecks();
      // Keep-alive sockets would hold the close open for the keep-alive timeout: drop each one as soon
      // as its request in flight has been answered.
      const sweep = setInterval(() => app.server.closeIdleConnections(), 50);
      await app.close().catch(() => undefined);
      clearInterval(sweep);
      await services.readers.close();
      await maintenance?.close();
      await database.close();
      if (onDisk) removePid(dataDir);
      lock?.release();
    },
  };
}
