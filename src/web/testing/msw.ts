import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { AppRouter } from '../../server/trpc/app-router';

/**
 * The change stream every signed-in screen holds (decision 141): by default it opens and stays quiet
 * until the page lets it go. A test of the live client answers it with its own events.
 */
const quietChangeStream = http.get(
  '*/api/events',
  () => new HttpResponse(new ReadableStream<Uint8Array>(), { headers: { 'content-type': 'text/event-stream' } }),
);

export const server = setupServer(quietChangeStream);

export class TrpcFailure {
  constructor(
    readonly httpStatus: number,
    readonly message: string,
    readonly errors?: { path: string; message: string }[],
  ) {}
}

/** The message of a server that is busy: the read failed, Retry may work. */
export const BUSY = 'Database is busy, try again';

/**
 * A failing read and its Retry: `answer` wraps a resolver so that it answers 503 with BUSY until
 * `recover()` is called, then answers as the resolver does.
 */
export function busyUntilRecovered() {
  let failing = true;
  return {
    answer:
      <T>(resolver: () => T) =>
      (): T => {
        if (failing) throw new TrpcFailure(503, BUSY);
        return resolver();
      },
    recover: () => {
      failing = false;
    },
  };
}

type Inputs = inferRouterInputs<AppRouter>;
type Outputs = inferRouterOutputs<AppRouter>;
/** "customers.list", "reports.highSc", ...: every procedure of the router. */
export type ProcedurePath = { [R in keyof Outputs & string]: `${R}.${keyof Outputs[R] & string}` }[keyof Outputs & string];
type Part<T, P> = P extends `${infer R extends keyof T & string}.${infer Q}` ? (Q extends keyof T[R] ? T[R][Q] : never) : never;

/**
 * Resolvers typed from the router: a mock answers with the procedure's real output type, so a mock of
 * the wrong shape does not compile. Throw a TrpcFailure to answer with an error.
 */
export type TrpcMocks = { [P in ProcedurePath]?: (input: Part<Inputs, P>) => Part<Outputs, P> | Promise<Part<Outputs, P>> };

const CODES: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  429: 'TOO_MANY_REQUESTS',
};

/** Every call made to a procedure, with its input, in order. */
export const calls: { path: string; input: unknown }[] = [];
/** Procedures the screen called that the test did not mock: the test setup fails the test on any. */
export const unmocked: string[] = [];

const isMocked = (mocks: TrpcMocks, path: string): path is keyof TrpcMocks => path in mocks;

/**
 * Answers tRPC batch requests from a map of procedure -> resolver. A procedure with no resolver answers
 * 500 and is recorded in `unmocked`, which fails the test (src/web/testing/setup.ts).
 */
/**
 * Reads that many screens make beside their own (the books' close behind each transaction row, the
 * rows' attachment counts): open books and no attachments unless a test says otherwise.
 */
const QUIET_DEFAULTS: TrpcMocks = {
  'books.get': () => ({ closedThrough: null, closedBefore: null, history: [] }),
  'attachments.counts': () => ({}),
  'attachments.list': () => [],
  'customerCasinos.reconciliations': () => ({ reconciliations: [], totalCount: 0 }),
};

/** What the start page (/, Add Transaction) reads as it opens, empty: for a test that ends there. */
export const START_PAGE_READS: TrpcMocks = {
  'customers.list': () => [],
  'casinos.list': () => [],
  'customerCasinos.list': () => [],
  'transactionTypes.list': () => [],
};

export function mockTrpc(given: TrpcMocks) {
  const mocks: TrpcMocks = { ...QUIET_DEFAULTS, ...given };
  calls.length = 0;
  const handle = async (paths: string[], inputs: Record<string, unknown>) => {
    const results = await Promise.all(
      paths.map(async (path, i) => {
        const input = inputs[String(i)];
        // The quiet defaults stay out of `calls` (tests read its last entry), unless the test mocks them itself.
        if (path in given || !(path in QUIET_DEFAULTS)) calls.push({ path, input });
        const resolver = isMocked(mocks, path) ? (mocks[path] as ((input: unknown) => unknown) | undefined) : undefined;
        try {
          if (!resolver) {
            unmocked.push(path);
            throw new TrpcFailure(500, `unmocked tRPC procedure: ${path}`);
          }
          return { result: { data: await resolver(input) } };
        } catch (error) {
          if (!(error instanceof TrpcFailure)) throw error;
          return {
            error: {
              message: error.message,
              code: -32000,
              data: {
                code: CODES[error.httpStatus] ?? 'INTERNAL_SERVER_ERROR',
                httpStatus: error.httpStatus,
                path,
                ...(error.errors ? { errors: error.errors } : {}),
              },
            },
          };
        }
      }),
    );
    const status = results.find((r) => 'error' in r)?.error?.data.httpStatus ?? 200;
    return HttpResponse.json(results, { status: results.length > 1 ? 207 : status });
  };
  server.use(
    http.get('*/trpc/:paths', async ({ request, params }) => {
      const url = new URL(request.url);
      const input = url.searchParams.get('input');
      if (url.searchParams.get('batch') === '1')
        return handle(String(params.paths).split(','), JSON.parse(input ?? '{}') as Record<string, unknown>);
      // One call on its own (the sign-in check, trpc.ts): its input and its answer are not in a list.
      const answer = await handle([String(params.paths)], { 0: input === null ? undefined : (JSON.parse(input) as unknown) });
      const [result] = (await answer.json()) as Record<string, unknown>[];
      return HttpResponse.json(result, { status: answer.status });
    }),
    http.post('*/trpc/:paths', async ({ request, params }) => {
      const inputs = (await request.json()) as Record<string, unknown>;
      return handle(String(params.paths).split(','), inputs);
    }),
  );
}
