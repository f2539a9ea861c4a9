/** What screens use of notes: the panel (for a customer's or a casino's page) and the grids' dialog. */
export { NotesButton, NotesDialog } from './notes-dialog';
