import { z } from 'zod';
import { formatCount } from '../display';
import { CONTROL_CHARACTER_MESSAGE, textProblem } from '../text';
import { id, idNumber } from './common';
import { NOTE_MAX } from '../limits';

const REQUIRED = 'Note is required';

/** A note's text: 1 to 2,000 characters, line breaks allowed, other control characters refused. */
export const noteText = z
  .string({ error: REQUIRED })
  .trim()
  .min(1, { error: REQUIRED })
  .max(NOTE_MAX, { error: `Note is too long: at most ${formatCount(NOTE_MAX)} characters` })
  .superRefine((value, ctx) => {
    const problem = textProblem(value.replace(/\r?\n/g, ' '));
    if (problem) ctx.addIssue({ code: 'custom', message: problem === 'control' ? CONTROL_CHARACTER_MESSAGE : REQUIRED });
  });

/** A customer's or a casino's notes (the path's id). */
export const notesOfInput = z.strictObject({ id });
export const addNoteInput = z.strictObject({ id, text: noteText });
export const noteIdInput = z.strictObject({ id });

export const noteView = z.object({
  id: idNumber,
  text: z.string(),
  createdAt: z.string(),
  createdBy: z.string(),
  createdByUserId: idNumber,
});
export type NoteView = z.infer<typeof noteView>;

/** How many notes one read answers, newest first. */
export const NOTES_LIMIT = 500;
