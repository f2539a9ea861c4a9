import { z } from 'zod';
import { day, id, typeName } from '../../shared/schemas/primitives';
import { sortSchema } from '../../shared/sorting';

/**
 * URL search params, checked by the shared zod rules. A value that does not pass becomes undefined (it
 * does not stay as typed), so a hand-edited URL falls back to the screen's default and cannot break it.
 */
const orDefault = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);

export const positiveId = orDefault(id);
export const dayParam = orDefault(day);
/** A date range filter: the first and last day, both optional. */
export const dateRangeParams = { startDate: dayParam, endDate: dayParam };
/** A type name across casinos ("Purchase (all casinos)"). */
export const typeNameParam = orDefault(typeName);
/** A grid's sort in the URL: one of the whitelist's sort texts ("usd", "-usd"). */
export const sortParam = <C extends string>(columns: readonly [C, ...C[]]) => orDefault(sortSchema(columns));
/** One of a fixed list of words. */
export const oneOf = <const W extends readonly [string, ...string[]]>(words: W) => orDefault(z.enum(words));

/** A route's validateSearch: an object of the params above; params it does not name pass through untouched. */
export const searchSchema = <S extends z.ZodRawShape>(shape: S) => z.object(shape);

/** A path's id ("12"), or null when it is not a positive whole number (the page then says not found). */
export const pathId = (text: string): number | null =>
  /^[1-9][0-9]{0,15}$/.test(text) && Number.isSafeInteger(Number(text)) ? Number(text) : null;
