import { z } from 'zod';
import { DATE_RANGE_ERROR, day, id, isOrderedRange } from './common';

export const STATEMENT_FORMATS = ['pdf', 'xlsx', 'csv'] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];

/** GET /api/customers/{id}/statement: a customer, an office-day range, optionally one casino, a format. */
export const statementInput = z
  .strictObject({
    id,
    startDate: day,
    endDate: day,
    casinoId: id.optional(),
    format: z.enum(STATEMENT_FORMATS, { error: 'Must be pdf, xlsx or csv' }),
  })
  .refine(isOrderedRange, { error: DATE_RANGE_ERROR, path: ['endDate'] });
export type StatementInput = z.output<typeof statementInput>;
