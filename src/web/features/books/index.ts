/** What screens and other features use of the books' close (decision 190). */
export { CloseBooksDialog, openFrom, ReopenBooksDialog } from './books-dialogs';
export { useClosedBooks } from './use-closed-books';
