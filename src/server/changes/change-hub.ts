import { type ChangeEventData, RESET_EVENT } from '../../shared/schemas/change-events';

/** What a write names of its change: its kind and the ids it touched (the hub adds when and who). */
export type ChangeParts = Omit<ChangeEventData, 'at' | 'userId'>;

/** One event as the stream sends it: `id` only grows. */
export interface ChangeEvent {
  id: number;
  data: ChangeEventData;
}

/** The change stream's bounds (decision 150). Tests shorten them; production uses CHANGE_STREAM_LIMITS. */
export interface ChangeStreamLimits {
  /** Open streams of one user. */
  perUser: number;
  /** Open streams in all (config EVENT_STREAMS_MAX). */
  total: number;
  /** How far back a reconnect's Last-Event-ID is replayed; older is one `reset`. */
  replayMs: number;
  /** Events kept for replay at most, whatever their age, so a burst cannot grow the memory without limit. */
  keptMax: number;
  /** A reader with this many bytes still unsent (it does not read) is dropped, not buffered for. */
  behindBytes: number;
  /** A comment line this often keeps proxies from closing a quiet stream; the stream's sign-in is checked too. */
  heartbeatMs: number;
}

export const CHANGE_STREAM_LIMITS: Omit<ChangeStreamLimits, 'total'> = {
  perUser: 10,
  replayMs: 10 * 60_000,
  keptMax: 50_000,
  behindBytes: 256 * 1024,
  heartbeatMs: 25_000,
};

/** Where one open stream writes. `behind` is what it has not yet sent on (a socket's writable length). */
export interface StreamSink {
  write(text: string): void;
  behind(): number;
  end(): void;
}

/** One open stream: whose, and how to tell that the sign-in behind it still holds. */
export interface StreamOwner {
  userId: number;
  /** False once the session or API token behind the stream has ended (or timed out). */
  stillSignedIn(): Promise<boolean>;
}

interface Stream {
  owner: StreamOwner;
  sink: StreamSink;
  heartbeat: NodeJS.Timeout;
}

/** The text of one event on the wire (text/event-stream). */
export const eventText = (e: ChangeEvent) => `id: ${e.id}\nevent: ${e.data.kind}\ndata: ${JSON.stringify(e.data)}\n\n`;

/**
 * The change stream's fan-out (decision 150): every committed change becomes one event with the next id,
 * is kept for the replay window and sent to every open stream. Ids start from the clock at start-up
 * (microseconds), so a restarted server's ids are past any the previous one sent, and a Last-Event-ID the
 * hub cannot replay whole (too old, or from before a restart) is answered with one `reset`.
 */
export class ChangeHub {
  private nextId: number;
  /** Kept events, oldest first, with consecutive ids; `firstKept` is the id the oldest has (or would have). */
  private readonly kept: { event: ChangeEvent; time: number }[] = [];
  private firstKept: number;
  private readonly streams = new Set<Stream>();

  constructor(
    private readonly limits: ChangeStreamLimits,
    private readonly now: () => number = () => Date.now(),
  ) {
    this.nextId = this.firstKept = this.now() * 1000;
  }

  /** The id of the last event sent (or, before any, the one just below the first). */
  get lastId(): number {
    return this.nextId - 1;
  }

  /** Sends one committed change to every open stream and keeps it for replay. */
  emit(parts: ChangeParts, userId: number | null): ChangeEvent {
    const time = this.now();
    this.forgetOld(time);
    const event: ChangeEvent = { id: this.nextId++, data: { ...parts, at: new Date(time).toISOString(), userId } };
    this.kept.push({ event, time });
    const text = eventText(event);
    for (const stream of this.streams) this.send(stream, text);
    return event;
  }

  /** Why a new stream of this user would pass a bound (answered 429), or null when it may open. */
  refusal(userId: number): string | null {
    if (this.streams.size >= this.limits.total) return 'Too many open change streams on this server; try again later';
    let own = 0;
    for (const s of this.streams) if (s.owner.userId === userId) own++;
    return own >= this.limits.perUser ? `At most ${this.limits.perUser} change streams per user are open at once` : null;
  }

  /**
   * Opens a stream: first what it missed since `lastEventId` (or one `reset`), or, for a new stream, the
   * current id alone so that its first reconnect resumes from here; then every event as it happens.
   */
  open(owner: StreamOwner, sink: StreamSink, lastEventId: string | undefined): () => void {
    this.forgetOld(this.now());
    const stream: Stream = { owner, sink, heartbeat: setInterval(() => void this.beat(stream), this.limits.heartbeatMs) };
    stream.heartbeat.unref();
    this.streams.add(stream);
    if (lastEventId === undefined) sink.write(`id: ${this.lastId}\n\n`);
    else {
      const missed = this.since(lastEventId);
      if (missed === null) sink.write(`id: ${this.lastId}\nevent: ${RESET_EVENT}\ndata: {}\n\n`);
      else for (const e of missed) sink.write(eventText(e));
    }
    return () => this.close(stream);
  }

  /** Ends every stream whose sign-in has ended (a sign-out, a password change, a deactivation...). */
  async recheck(): Promise<void> {
    await Promise.all([...this.streams].map((s) => this.checkSignIn(s)));
  }

  /** Ends every stream (the server stops). */
  closeAll(): void {
    for (const s of [...this.streams]) this.close(s);
  }

  /** Open streams, in all or of one user. */
  count(userId?: number): number {
    return userId === undefined ? this.streams.size : [...this.streams].filter((s) => s.owner.userId === userId).length;
  }

  /** The kept events after `lastEventId`, or null when they are not all kept (too old, unknown, another run's). */
  private since(lastEventId: string): ChangeEvent[] | null {
    if (!/^\d{1,16}$/.test(lastEventId.trim())) return null;
    const last = Number(lastEventId);
    if (last < this.firstKept - 1 || last > this.lastId) return null;
    return this.kept.slice(last - this.firstKept + 1).map((k) => k.event);
  }

  private forgetOld(time: number): void {
    let drop = 0;
    while (drop < this.kept.length && (time - this.kept[drop].time > this.limits.replayMs || this.kept.length - drop > this.limits.keptMax))
      drop++;
    if (drop === 0) return;
    this.kept.splice(0, drop);
    this.firstKept = this.kept[0]?.event.id ?? this.nextId;
  }

  private send(stream: Stream, text: string): void {
    // A reader that does not keep up is dropped rather than buffered for: it reconnects and replays.
    if (stream.sink.behind() > this.limits.behindBytes) this.close(stream);
    else stream.sink.write(text);
  }

  private async beat(stream: Stream): Promise<void> {
    if (!(await this.checkSignIn(stream))) return;
    this.send(stream, ': keep-alive\n\n');
  }

  private async checkSignIn(stream: Stream): Promise<boolean> {
    const ok = await stream.owner.stillSignedIn().catch(() => false);
    if (!ok) this.close(stream);
    return ok;
  }

  private close(stream: Stream): void {
    if (!this.streams.delete(stream)) return;
    clearInterval(stream.heartbeat);
    stream.sink.end();
  }
}
