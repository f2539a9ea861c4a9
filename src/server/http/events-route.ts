import type { FastifyInstance } from 'fastify';
import { hasFullAccess } from '../features/auth/sessions';
import { SETUP_FIRST } from '../trpc/access-messages';
import type { AppServices } from '../trpc/context';
import type { ErrorBody } from './errors';
import { CHANGE_ID_HEADER } from '../../shared/change-event-kinds';

/** The change stream's path (the OpenAPI document describes it beside the REST table's routes). */
const EVENTS_PATH = '/api/events';

/**
 * GET /api/events: the change stream (text/event-stream; decision 150). Signed in as every /api call,
 * with the bearer token in the Authorization header (never in the URL, which logs keep). Answers 429
 * past the streams a user or the server may hold open; each stream then lives until its client leaves,
 * its sign-in ends, it falls too far behind, or the server stops.
 */
export function registerEvents(app: FastifyInstance, services: AppServices): void {
  const hub = services.changes;
  // Where the stream stood as each read arrived: the web app opens its stream from there (decision 243).
  app.addHook('onRequest', (req, reply, done) => {
    if (req.url.startsWith('/trpc/')) reply.header(CHANGE_ID_HEADER, String(hub.lastId));
    done();
  });
  app.addHook('preClose', (done) => {
    hub.closeAll();
    done();
  });
  app.get(EVENTS_PATH, async (req, reply) => {
    const origin = { ip: req.ip, userAgent: req.headers['user-agent'] ?? null };
    const authorization = req.headers.authorization;
    const auth = await services.sessions.resolve(authorization, origin);
    if (!auth) return reply.code(401).send({ message: 'Unauthorized' } satisfies ErrorBody);
    if (!hasFullAccess(auth, 'read')) return reply.code(403).send({ message: SETUP_FIRST } satisfies ErrorBody);
    const refusal = hub.refusal(auth.user.id);
    if (refusal) return reply.code(429).send({ message: refusal } satisfies ErrorBody);

    const lastEventId = req.headers['last-event-id'];
    const res = reply.hijack().raw;
    for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) res.setHeader(name, value);
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      // A proxy (nginx) would otherwise hold the events back to fill its buffer.
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
    });
    const close = hub.open(
      {
        userId: auth.user.id,
        stillSignedIn: async () => (await services.sessions.resolve(authorization, origin, false)) !== null,
      },
      {
        write: (text) => void res.write(text),
        behind: () => res.writableLength,
        end: () => res.end(),
      },
      typeof lastEventId === 'string' ? lastEventId : undefined,
    );
    res.once('close', close);
  });
}
