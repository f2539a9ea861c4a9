/**
 * Where the change stream opens from (decision 243). Each tRPC answer names the stream's last event id
 * as the server received the read (CHANGE_ID_HEADER): its data holds every change up to that id. Until the
 * stream opens, the earliest id of the answers is kept; the stream then opens from it, so a change
 * committed after any read on screen is replayed by the server, whenever the stream opens.
 */
let earliest: number | undefined;
let open = false;

/** Notes an answer's id while no stream is open (once one is, it carries every change itself). */
export function noteChangeId(text: string | null): void {
  if (open || text === null || !/^\d{1,16}$/.test(text)) return;
  const id = Number(text);
  if (earliest === undefined || id < earliest) earliest = id;
}

/** The id the stream opens from (none noted: from now); the answers after it are not noted. */
export function streamOpens(): string | undefined {
  open = true;
  const from = earliest;
  earliest = undefined;
  return from === undefined ? undefined : String(from);
}

/** The stream was let go (signed out): the reads before the next one are noted again. */
export function streamCloses(): void {
  open = false;
}
