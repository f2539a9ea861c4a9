/**
 * Runs `tick` once after `firstDelayMs`, then every hour, never two at once (a daily job decides for
 * itself whether a day has passed). Timers do not keep the process alive. Returns a function that stops it.
 */
export function everyHour(tick: () => Promise<void>, firstDelayMs: number): () => void {
  let running = false;
  const guarded = async () => {
    if (running) return;
    running = true;
    try {
      await tick();
    } finally {
      running = false;
    }
  };
  const first = setTimeout(() => void guarded(), firstDelayMs);
  const hourly = setInterval(() => void guarded(), 60 * 60 * 1000);
  first.unref();
  hourly.unref();
  return () => {
    clearTimeout(first);
    clearInterval(hourly);
  };
}
