/**
 * The office's change streams (decision 150): `count` GET /api/events held open through the phases by
 * staff users made for them (10 streams each, the per-user bound), counting what they receive and how
 * long after its commit each event arrived.
 */
export interface StreamsReport {
  /** Streams open when the phases began. */
  opened: number;
  /** Streams the server refused (429) or that failed to open. */
  refused: number;
  /** Change events received over all streams. */
  events: number;
  /** Streams the server ended before the bench closed them (a dropped slow reader, a server stop). */
  ended: number;
  /** From an event's commit (`at`) to its arrival at the bench, over all received events. */
  delivery: { p50: number; p99: number };
}

const PER_USER = 10;
const PASSWORD = 'Bench1234';

const quantile = (sorted: number[], q: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : 0);

async function signIn(url: string, adminToken: string, index: number): Promise<string> {
  const email = `bench-stream-${index}@example.com`;
  const created = await fetch(`${url}/api/admin/users`, {
    method: 'POST',
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD, firstName: 'Stream', lastName: String(index), role: 'staff' }),
  });
  if (created.status !== 201 && created.status !== 409) throw new Error(`creating ${email} answered ${created.status}`);
  const login = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!login.ok) throw new Error(`signing in ${email} answered ${login.status}`);
  return ((await login.json()) as { token: string }).token;
}

/** Opens the streams; `stop()` closes them and answers what they saw. `count` 0 opens none. */
export async function openChangeStreams(url: string, adminToken: string, count: number): Promise<{ stop(): StreamsReport }> {
  const tokens: string[] = [];
  for (let i = 0; i < Math.ceil(count / PER_USER); i++) tokens.push(await signIn(url, adminToken, i));
  const closer = new AbortController();
  const delays: number[] = [];
  let events = 0;
  let ended = 0;
  let refused = 0;
  let stopping = false;

  const read = async (body: ReadableStream<Uint8Array>) => {
    const decoder = new TextDecoder();
    const reader = body.getReader();
    let buffer = '';
    try {
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        buffer += decoder.decode(chunk.value, { stream: true });
        let at: number;
        while ((at = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, at);
          buffer = buffer.slice(at + 2);
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (!/^event: /m.test(block) || !data || /^event: reset$/m.test(block)) continue;
          events++;
          delays.push(Date.now() - Date.parse((JSON.parse(data) as { at: string }).at));
        }
      }
    } catch {
      // Aborted by stop(), or the connection broke: counted below when not stopping.
    }
    if (!stopping) ended++;
  };

  const opening = Array.from({ length: count }, async (_, i) => {
    try {
      const res = await fetch(`${url}/api/events`, {
        headers: { authorization: `Bearer ${tokens[Math.floor(i / PER_USER)]}` },
        signal: closer.signal,
      });
      if (res.status !== 200 || !res.body) {
        refused++;
        return;
      }
      void read(res.body);
    } catch {
      refused++;
    }
  });
  await Promise.all(opening);
  const opened = count - refused;
  return {
    stop() {
      stopping = true;
      closer.abort();
      const sorted = delays.sort((a, b) => a - b);
      return { opened, refused, events, ended, delivery: { p50: quantile(sorted, 0.5), p99: quantile(sorted, 0.99) } };
    },
  };
}
