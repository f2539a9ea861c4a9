/** Names compared as a person reads them: letter case and surrounding spaces do not make a different name. */
export const nameKey = (name: string) => name.trim().normalize('NFC').toLocaleLowerCase('en');

export const sameName = (a: string, b: string) => nameKey(a) === nameKey(b);

export interface PersonName {
  firstName: string | null;
  lastName: string | null;
  email: string | null;
}

/** How a person is named everywhere (mails, screens, exports): first and last name, or the email when there is no name. */
export const nameOrEmail = (person: PersonName | null): string =>
  person ? [person.firstName, person.lastName].filter(Boolean).join(' ') || (person.email ?? '') : '';
