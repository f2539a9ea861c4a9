import type { Server } from 'node:http';

/** Bounds on every connection (decision 012). Tests shorten them; production uses HTTP_LIMITS. */
export interface HttpLimits {
  /** The whole request, headers and body, must arrive within this (else 408 and the socket closes). */
  requestTimeoutMs: number;
  /** The headers must arrive within this. */
  headersTimeoutMs: number;
  /** A socket with no traffic either way is closed after this. */
  idleTimeoutMs: number;
  /** An idle keep-alive socket is closed after this. */
  keepAliveTimeoutMs: number;
  /** How often Node checks the request and headers timeouts. */
  checkIntervalMs: number;
  /** Open connections in all. */
  maxConnections: number;
  /** Open connections from one address, so one machine cannot take them all. */
  maxConnectionsPerAddress: number;
}

export const HTTP_LIMITS: HttpLimits = {
  requestTimeoutMs: 30_000,
  headersTimeoutMs: 15_000,
  idleTimeoutMs: 60_000,
  keepAliveTimeoutMs: 15_000,
  checkIntervalMs: 2_000,
  maxConnections: 1024,
  maxConnectionsPerAddress: 128,
};

/** Fastify's options for the timeouts. */
export function timeoutOptions(limits: HttpLimits) {
  return {
    requestTimeout: limits.requestTimeoutMs,
    connectionTimeout: limits.idleTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    http: { headersTimeout: limits.headersTimeoutMs, connectionsCheckingInterval: limits.checkIntervalMs },
  };
}

/** Caps open connections in all and per address; a connection past a cap is closed at once. */
export function capConnections(server: Server, limits: HttpLimits): void {
  server.maxConnections = limits.maxConnections;
  const perAddress = new Map<string, number>();
  server.on('connection', (socket) => {
    const address = socket.remoteAddress ?? '';
    const open = (perAddress.get(address) ?? 0) + 1;
    if (open > limits.maxConnectionsPerAddress) {
      socket.destroy();
      return;
    }
    perAddress.set(address, open);
    socket.once('close', () => {
      const left = (perAddress.get(address) ?? 1) - 1;
      if (left > 0) perAddress.set(address, left);
      else perAddress.delete(address);
    });
  });
}
