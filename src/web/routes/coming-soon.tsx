/** Screens built in later issues show only their header for now. */
export function ComingSoonPage() {
  return null;
}
