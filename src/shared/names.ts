/** Names compared as a person reads them: letter case and surrounding spaces do not make a different name. */
export const nameKey = (name: string) => name.trim().normalize('NFC').toLocaleLowerCase('en');

export const sameName = (a: string, b: string) => nameKey(a) === nameKey(b);
