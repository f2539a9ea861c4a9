import { z } from 'zod';

/** At most this many results, best first. */
export const SEARCH_LIMIT = 20;

export const searchInput = z.strictObject({
  q: z.string({ error: 'Type something to search for' }).max(100, { error: 'At most 100 characters' }),
});

export const SEARCH_KINDS = ['customer', 'casino', 'screen', 'transaction', 'redemption'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

export const searchResult = z.object({
  kind: z.enum(SEARCH_KINDS),
  id: z.union([z.number(), z.string()]),
  label: z.string(),
  detail: z.string(),
  /** A transaction's or redemption's customer and casino, and a transaction's office day: where it is listed. */
  customerId: z.number().int().optional(),
  casinoId: z.number().int().optional(),
  day: z.string().optional(),
});
export type SearchResult = z.infer<typeof searchResult>;

export const searchAnswer = z.object({ results: z.array(searchResult) });

/** What the read threads search with: the query, and whether the admin screens count. */
export const searchReadInput = z.strictObject({ q: z.string(), admin: z.boolean() });
