import { Pool } from 'undici';

/** One client reading every row of a report in a loop (decision 085): what it got, and how long each took. */
export interface EveryRowLoop {
  /** Answers with every row, their rows in all, the 429s (the export thread's line was full), other failures. */
  reads: number;
  rows: number;
  refused: number;
  errors: string[];
  /** Time to the last byte of each answered read (ms). */
  p50: number;
  p99: number;
}

const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : 0;

/**
 * A script as an office might run one: GET /api/reports/participation without `limit` (every compared
 * customer, each master in turn), one request after another for `seconds`, over one connection.
 */
export async function readEveryRowInALoop(url: string, token: string, masters: number[], seconds: number): Promise<EveryRowLoop> {
  const client = new Pool(url, { connections: 1 });
  const times: number[] = [];
  const errors: string[] = [];
  let rows = 0;
  let refused = 0;
  const until = performance.now() + seconds * 1000;
  try {
    for (let i = 0; performance.now() < until; i++) {
      const t = performance.now();
      try {
        const res = await client.request({
          method: 'GET',
          path: `/api/reports/participation?masterUserId=${masters[i % masters.length]}`,
          headers: { authorization: `Bearer ${token}` },
        });
        const text = await res.body.text();
        if (res.statusCode === 200) {
          rows += (JSON.parse(text) as unknown[]).length;
          times.push(performance.now() - t);
        } else if (res.statusCode === 429) refused += 1;
        else errors.push(`participation ${res.statusCode}`);
      } catch (error) {
        errors.push(`participation ${String(error)}`);
      }
    }
  } finally {
    await client.close();
  }
  const sorted = times.sort((a, b) => a - b);
  return { reads: sorted.length, rows, refused, errors, p50: pct(sorted, 50), p99: pct(sorted, 99) };
}
