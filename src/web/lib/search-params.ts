import { type SortText, sortTexts } from '../../shared/sorting';

/** URL search parsers: anything that does not parse is dropped, so a hand-edited URL cannot break a screen. */
export const positiveId = (v: unknown) => {
  const n = Number(v);
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
};
export const dayParam = (v: unknown) => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : undefined);

type Parser = (v: unknown) => string | number | undefined;

/** A validateSearch function from a map of key -> parser. */
export function searchValidator<T extends Record<string, Parser>>(parsers: T) {
  return (search: Record<string, unknown>): { [K in keyof T]?: Exclude<ReturnType<T[K]>, undefined> } => {
    const out: Record<string, unknown> = {};
    for (const [key, parse] of Object.entries(parsers)) {
      const value = parse(search[key]);
      if (value !== undefined) out[key] = value;
    }
    return out as { [K in keyof T]?: Exclude<ReturnType<T[K]>, undefined> };
  };
}

/** A grid's sort in the URL: one of the whitelist's sort texts ("usd", "-usd"), else dropped. */
export const sortParam =
  <C extends string>(columns: readonly C[]) =>
  (v: unknown): SortText<C> | undefined =>
    sortTexts(columns).find((text) => text === v);
