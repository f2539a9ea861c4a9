/** Names compared as a person reads them: letter case and surrounding spaces do not make a different name. */
export const nameKey = (name: string) => name.trim().normalize('NFC').toLocaleLowerCase('en');

export const sameName = (a: string, b: string) => nameKey(a) === nameKey(b);

/** A name's letters without case or accents (é reads as e). */
const baseLetters = (name: string) => nameKey(name).normalize('NFD').replace(/\p{M}/gu, '');

/**
 * Names in alphabetical order as a person reads them: letter case and accents aside, then as written. The
 * browser's collator (localeCompare) would do as much, but its first use costs a phone about 80 ms in a
 * screen's first render (decision 229).
 */
export function compareNames(a: string, b: string): number {
  const [x, y] = [baseLetters(a), baseLetters(b)];
  if (x !== y) return x < y ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

export interface PersonName {
  firstName: string | null;
  lastName: string | null;
  email: string | null;
}

/** How a person is named everywhere (mails, screens, exports): first and last name, or the email when there is no name. */
export const nameOrEmail = (person: PersonName | null): string =>
  person ? [person.firstName, person.lastName].filter(Boolean).join(' ') || (person.email ?? '') : '';
