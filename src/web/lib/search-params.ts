import { dayProblem, idValue, typeNameValue } from '../../shared/value-rules';
import { type SortText, sortTexts } from '../../shared/sorting';

/**
 * URL search params, checked by the shared value rules (value-rules.ts; no zod at start-up, decision 223).
 * A value that does not pass becomes undefined (it does not stay as typed), so a hand-edited URL falls
 * back to the screen's default and cannot break it.
 */
export type SearchParam<T> = (value: unknown) => T | undefined;

export const positiveId: SearchParam<number> = (value) => idValue(value) ?? undefined;
export const dayParam: SearchParam<string> = (value) => (typeof value === 'string' && dayProblem(value) === null ? value : undefined);
/** A date range filter: the first and last day, both optional. */
export const dateRangeParams = { startDate: dayParam, endDate: dayParam };
/** A type name across casinos ("Purchase (all casinos)"). */
export const typeNameParam: SearchParam<string> = (value) => typeNameValue(value) ?? undefined;
/** Some text that is not empty (a reset link's token). */
export const textParam: SearchParam<string> = (value) => (typeof value === 'string' && value !== '' ? value : undefined);

/** One of a fixed list of words. */
export const oneOf =
  <const W extends string>(words: readonly W[]): SearchParam<W> =>
  (value) =>
    words.find((word) => word === value);

/** A grid's sort in the URL: one of the whitelist's sort texts ("usd", "-usd"). */
export const sortParam = <C extends string>(columns: readonly [C, ...C[]]): SearchParam<SortText<C>> => oneOf(sortTexts(columns));

/** What a route's search holds: each param's value, or undefined where the URL's did not pass. */
export type SearchOf<S extends Record<string, SearchParam<unknown>>> = { [K in keyof S]?: ReturnType<S[K]> };

/**
 * A route's validateSearch: the params above, each checked where the URL has it (a param it does not have
 * stays out; one that does not pass is undefined, which overrides the raw text); params it does not
 * name pass through untouched (the router keeps them).
 */
export const searchSchema =
  <S extends Record<string, SearchParam<unknown>>>(shape: S) =>
  (search: Record<string, unknown>): SearchOf<S> =>
    Object.fromEntries(
      Object.entries(shape)
        .filter(([key]) => Object.hasOwn(search, key))
        .map(([key, param]) => [key, param(search[key])]),
    ) as SearchOf<S>;

/** A path's id ("12"), or null when it is not a positive whole number (the page then says not found). */
export const pathId = (text: string): number | null =>
  /^[1-9][0-9]{0,15}$/.test(text) && Number.isSafeInteger(Number(text)) ? Number(text) : null;

/**
 * A paged list's read input for the URL's page (the Audit Trail, the Access log): its filters, the page's
 * size and where it starts. The screen's query and its route's first read use it, so they share one key.
 */
export function urlListInput<S extends { page?: number }>(
  search: S,
  pageSize: number,
): Omit<S, 'page'> & { limit: number; offset: number } {
  const { page = 1, ...filters } = search;
  return { ...filters, limit: pageSize, offset: (page - 1) * pageSize };
}
