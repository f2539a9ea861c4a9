import { z } from 'zod';
import { day, id, idNumber, orderedRange, paging } from './common';
import { ACCESS_KIND_NAMES, ACCESS_KINDS, type AccessKind } from './access-kinds';

export { ACCESS_KINDS, type AccessKind };

export const ACCESS_LOG_MAX_LIMIT = 1000;

const accessLogFilters = {
  userId: id.optional(),
  kind: z.enum(ACCESS_KIND_NAMES, { error: `Must be one of ${ACCESS_KIND_NAMES.join(', ')}` }).optional(),
  startDate: day.optional(),
  endDate: day.optional(),
};

export const accessLogListInput = z
  .strictObject({ ...accessLogFilters, ...paging(ACCESS_LOG_MAX_LIMIT) })
  .refine(...orderedRange)
  .optional();
export type AccessLogQuery = z.output<typeof accessLogListInput>;

/** The Access log screen's filters, for its export of every matching entry. */
export const accessLogExportInput = z.strictObject(accessLogFilters).refine(...orderedRange);

export const accessLogEntryView = z.object({
  id: idNumber,
  at: z.string(),
  kind: z.string(),
  userId: idNumber.nullable(),
  email: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  detail: z.string().nullable(),
});
export type AccessLogEntryView = z.infer<typeof accessLogEntryView>;
export const accessLogPage = z.object({ entries: z.array(accessLogEntryView), totalCount: z.number().int() });
