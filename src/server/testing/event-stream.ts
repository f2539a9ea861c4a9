/** One block of a text/event-stream as a client parses it: its fields, and its comment lines. */
export interface StreamBlock {
  id?: string;
  event?: string;
  data?: string;
  comments: string[];
}

function parseBlock(text: string): StreamBlock {
  const block: StreamBlock = { comments: [] };
  for (const line of text.split('\n')) {
    if (line.startsWith(':')) block.comments.push(line.slice(1).trim());
    else {
      const at = line.indexOf(':');
      const field = at < 0 ? line : line.slice(0, at);
      const value = at < 0 ? '' : line.slice(at + 1).replace(/^ /, '');
      if (field === 'id' || field === 'event' || field === 'data') block[field] = value;
    }
  }
  return block;
}

/**
 * GET /api/events on a listening test server, read block by block: `next()` answers the next block (or
 * null once the server ended the stream), failing after `waitMs`.
 */
export async function openEventStream(base: string, headers: Record<string, string>) {
  const closer = new AbortController();
  const res = await fetch(`${base}/api/events`, { headers, signal: closer.signal });
  const body = res.status === 200 ? null : await res.text();
  const reader = body === null ? res.body!.getReader() : null;
  const decoder = new TextDecoder();
  let buffer = '';
  let ended = reader === null;
  const next = async (waitMs = 2000): Promise<StreamBlock | null> => {
    const deadline = Date.now() + waitMs;
    for (;;) {
      const at = buffer.indexOf('\n\n');
      if (at >= 0) {
        const text = buffer.slice(0, at);
        buffer = buffer.slice(at + 2);
        return parseBlock(text);
      }
      if (ended) return null;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no event within ${waitMs} ms`);
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), left)));
      const chunk = await Promise.race([reader!.read(), timeout]);
      clearTimeout(timer);
      if (chunk === 'timeout') throw new Error(`no event within ${waitMs} ms`);
      if (chunk.done) ended = true;
      else buffer += decoder.decode(chunk.value, { stream: true });
    }
  };
  /** The blocks that carry an event (not the opening id or a keep-alive). */
  const nextEvent = async (waitMs?: number) => {
    for (;;) {
      const block = await next(waitMs);
      if (block === null || block.event !== undefined) return block;
    }
  };
  return {
    status: res.status,
    headers: res.headers,
    body,
    next,
    nextEvent,
    close: () => closer.abort(),
  };
}
