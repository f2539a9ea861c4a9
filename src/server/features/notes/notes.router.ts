import { z } from 'zod';
import { addNoteInput, noteIdInput, notesOfInput, noteView } from '../../../shared/schemas/notes';
import { authedProcedure, router } from '../../trpc/procedures';
import { addNote, deleteNote, listNotes } from './notes.repository';

/** Notes on customers and casinos: anyone signed in reads and adds; the author or an admin deletes. */
export const notesRouter = router({
  ofCustomer: authedProcedure
    .input(notesOfInput)
    .output(z.array(noteView))
    .query(({ ctx, input }) => listNotes(ctx.db, { customerId: input.id })),
  ofCasino: authedProcedure
    .input(notesOfInput)
    .output(z.array(noteView))
    .query(({ ctx, input }) => listNotes(ctx.db, { casinoId: input.id })),
  addToCustomer: authedProcedure
    .input(addNoteInput)
    .output(noteView)
    .mutation(({ ctx, input }) => addNote(ctx.db, { customerId: input.id }, input.text, ctx.user)),
  addToCasino: authedProcedure
    .input(addNoteInput)
    .output(noteView)
    .mutation(({ ctx, input }) => addNote(ctx.db, { casinoId: input.id }, input.text, ctx.user)),
  delete: authedProcedure
    .input(noteIdInput)
    .output(z.void())
    .mutation(({ ctx, input }) => deleteNote(ctx.db, input.id, ctx.user)),
});
