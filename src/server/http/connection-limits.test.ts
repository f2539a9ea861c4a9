import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createServer, type AppServer } from '../server';
import { createTestDatabase, testConfig } from '../testing/test-db';

// Sockets trickling a request body were never timed out, and enough of them used
// up the process's file handles. Against the real server over real TCP, with the limits shortened.
let server: AppServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

interface Trickle {
  socket: net.Socket;
  received: () => string;
  closed: Promise<void>;
}

/** Opens a connection that sends a login's headers, then one byte of its 100-byte body every 100 ms. */
function trickle(port: number): Promise<Trickle> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let data = '';
    socket.on('data', (chunk) => (data += chunk.toString()));
    socket.on('error', () => {});
    const closed = new Promise<void>((done) => socket.on('close', () => done()));
    socket.on('connect', () => {
      socket.write('POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{');
      const timer = setInterval(() => (socket.writable ? socket.write(' ') : clearInterval(timer)), 100);
      void closed.then(() => clearInterval(timer));
      resolve({ socket, received: () => data, closed });
    });
  });
}

describe('slow requests and connection floods (finding 5)', () => {
  it('a body trickled past the request timeout gets 408 and a closed socket; connections past the per-address cap close at once', async () => {
    const database = await createTestDatabase();
    server = await createServer({
      config: testConfig(),
      database,
      logger: false,
      announce: () => {},
      httpLimits: { requestTimeoutMs: 1000, headersTimeoutMs: 1000, checkIntervalMs: 100, maxConnectionsPerAddress: 3 },
    });
    const port = Number(new URL(await server.start()).port);
    const slow = await Promise.all([trickle(port), trickle(port), trickle(port)]);
    const extra = await trickle(port);
    await extra.closed;
    expect(extra.received()).toBe('');

    await Promise.all(slow.map((t) => t.closed));
    for (const t of slow) expect(t.received()).toMatch(/^HTTP\/1\.1 408 /);

    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok', database: 'ok' });
  });
});
