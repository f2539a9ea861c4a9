import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

export const server = setupServer();

export class TrpcFailure {
  constructor(
    readonly httpStatus: number,
    readonly message: string,
    readonly errors?: { path: string; message: string }[],
  ) {}
}

type Resolver = (input: unknown) => unknown;
export type TrpcMocks = Record<string, Resolver>;

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

/**
 * Answers tRPC batch requests from a map of procedure -> resolver. A procedure with no resolver
 * answers 500 and records the path in `unmocked`, so the test can fail loudly on it.
 */
export function mockTrpc(mocks: TrpcMocks) {
  calls.length = 0;
  const handle = async (paths: string[], inputs: Record<string, unknown>) => {
    const results = await Promise.all(
      paths.map(async (path, i) => {
        const input = inputs[String(i)];
        calls.push({ path, input });
        const resolver = mocks[path];
        if (!resolver) throw new Error(`unmocked tRPC procedure: ${path}`);
        try {
          return { result: { data: await resolver(input) } };
        } catch (error) {
          if (!(error instanceof TrpcFailure)) throw error;
          return {
            error: {
              message: error.message,
              code: -32000,
              data: { code: CODES[error.httpStatus] ?? 'INTERNAL_SERVER_ERROR', httpStatus: error.httpStatus, path, ...(error.errors ? { errors: error.errors } : {}) },
            },
          };
        }
      }),
    );
    const status = results.find((r) => 'error' in r)?.error?.data.httpStatus ?? 200;
    return HttpResponse.json(results, { status: results.length > 1 ? 207 : status });
  };
  server.use(
    http.get('*/trpc/:paths', ({ request, params }) => {
      const url = new URL(request.url);
      const inputs = JSON.parse(url.searchParams.get('input') ?? '{}') as Record<string, unknown>;
      return handle(String(params.paths).split(','), inputs);
    }),
    http.post('*/trpc/:paths', async ({ request, params }) => {
      const inputs = (await request.json()) as Record<string, unknown>;
      return handle(String(params.paths).split(','), inputs);
    }),
  );
}
