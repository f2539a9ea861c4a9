import { compareNames, nameKey } from '../../shared/names';
import { ALL_OPTION as ALL } from '../../shared/constants';
import { Select } from './select';

/** The Transaction Type filter's choice: one casino's type, or a type name at every casino (decision 117). */
export interface TypeChoice {
  transactionTypeId?: number;
  typeName?: string;
}

export interface TypeChoiceFilter {
  kind: 'type-choice';
  /** One option per type ("Purchase — Lucky", or the name alone when a casino is chosen). */
  options: { value: string; label: string }[];
  /** Every type's name once (letter case aside), for "Purchase (all casinos)"; none when a casino is chosen. */
  names: string[];
  value: TypeChoice;
  onChange: (choice: TypeChoice) => void;
}

const NAME = 'name:';
export const allCasinosLabel = (name: string) => `${name} (all casinos)`;

/** The distinct type names, first spelling kept, in alphabetical order. */
export function typeNames(types: { name: string }[] | undefined): string[] {
  const byKey = new Map<string, string>();
  for (const t of types ?? []) if (!byKey.has(nameKey(t.name))) byKey.set(nameKey(t.name), t.name.trim());
  return [...byKey.values()].sort(compareNames);
}

/** The type filter's pieces: options per casino and across casinos, the URL's choice, and a change. */
export const typeChoiceFilter = (
  options: TypeChoiceFilter['options'],
  names: string[],
  value: TypeChoice,
  onChange: TypeChoiceFilter['onChange'],
): TypeChoiceFilter => ({ kind: 'type-choice', options, names, value, onChange });

/**
 * "All types", then each name across every casino ("Purchase (all casinos)"), then each casino's own
 * types; the choice becomes `typeName` or `transactionTypeId` in the URL and the request.
 */
export function TypeChoiceSelect({ options, names, value, onChange }: TypeChoiceFilter) {
  // A name from the address stays choosable even where the list would not offer it (a casino chosen).
  const shown = value.typeName && !names.some((n) => nameKey(n) === nameKey(value.typeName!)) ? [value.typeName, ...names] : names;
  const selected =
    value.typeName !== undefined
      ? `${NAME}${value.typeName}`
      : value.transactionTypeId !== undefined
        ? String(value.transactionTypeId)
        : ALL;
  return (
    <Select
      label="Transaction Type"
      searchable
      allowDeselect={false}
      data={[
        { value: ALL, label: 'All types' },
        ...(shown.length
          ? [{ group: 'Every casino', items: shown.map((n) => ({ value: `${NAME}${n}`, label: allCasinosLabel(n) })) }]
          : []),
        ...(options.length ? [{ group: names.length ? 'One casino' : 'Types', items: options }] : []),
      ]}
      value={selected}
      onChange={(v) => {
        if (!v || v === ALL) onChange({});
        else if (v.startsWith(NAME)) onChange({ typeName: v.slice(NAME.length) });
        else onChange({ transactionTypeId: Number(v) });
      }}
    />
  );
}
