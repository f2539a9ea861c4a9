import { DomainError } from '../errors/domain-errors';

/**
 * A bounded line in front of a thread that does long work (exports and every-row reads, decision 085):
 * one piece of work at a time, at most `queue` waiting in order, and past that a refusal at once (429
 * with `fullMessage`). A waiter whose request closes (its signal aborts) leaves the line and never runs.
 */
export interface Lane {
  /** Waits for the thread; resolves with the function that hands it on (calling it twice is harmless). */
  enter(signal?: AbortSignal): Promise<() => void>;
  /** How many are waiting now. */
  readonly waiting: number;
  /** Whether the thread is taken now. */
  readonly busy: boolean;
  /** How many pieces of work have been let in since the start (a test proves with it what ran). */
  readonly entered: number;
}

/** The request behind a waiter closed before its turn came (answered, if anyone still listens, as a 503). */
class LeftTheLine extends DomainError {
  constructor() {
    super('busy', 'The request closed while it waited for the export thread');
  }
}

export function createLane(queue: number, fullMessage: string): Lane {
  let busy = false;
  let entered = 0;
  const line: { admit: () => void }[] = [];
  const handOn = () => {
    const next = line.shift();
    if (next) next.admit();
    else busy = false;
  };
  const ticket = () => {
    entered += 1;
    let done = false;
    return () => {
      if (done) return;
      done = true;
      handOn();
    };
  };
  return {
    enter(signal) {
      if (signal?.aborted) return Promise.reject(new LeftTheLine());
      if (!busy) {
        busy = true;
        return Promise.resolve(ticket());
      }
      if (line.length >= queue) return Promise.reject(new DomainError('too-many', fullMessage));
      return new Promise((resolve, reject) => {
        const leave = () => {
          const at = line.indexOf(waiter);
          if (at >= 0) line.splice(at, 1);
          reject(new LeftTheLine());
        };
        const waiter = {
          admit: () => {
            signal?.removeEventListener('abort', leave);
            resolve(ticket());
          },
        };
        signal?.addEventListener('abort', leave, { once: true });
        line.push(waiter);
      });
    },
    get waiting() {
      return line.length;
    },
    get busy() {
      return busy;
    },
    get entered() {
      return entered;
    },
  };
}
