import { z } from 'zod';
import { day, decimalText, flag, hundredths, id, idNumber, paging, requiredId } from './common';
import { CHECK_IN_SORTS, type CheckInSort } from '../sorting';

export { CHECK_IN_SORTS, type CheckInSort };

/** GET /api/check-ins: the board for one office day (today when left out). */
export const checkInBoardInput = z
  .strictObject({
    date: day.optional(),
    status: z.enum(['done', 'missing'], { error: 'Status must be done or missing' }).optional(),
    customerId: id.optional(),
    casinoId: id.optional(),
    sort: z.enum(CHECK_IN_SORTS, { error: 'Sort must be customer, casino, streak or last' }).optional(),
    desc: flag.optional(),
    ...paging(1000),
  })
  .optional();

/** POST /api/check-ins: the SC the casino gave (0 allowed); `correction` confirms a second one that day. */
export const recordCheckInInput = z.strictObject({
  customerId: requiredId('Customer is required'),
  casinoId: requiredId('Casino is required'),
  unplayedCoins: hundredths('SC is required').refine((v) => v >= 0, { error: 'Must be 0 or more' }),
  date: day.optional(),
  correction: flag.optional(),
});

export const checkInRowView = z.object({
  customerId: idNumber,
  customerName: z.string(),
  casinoId: idNumber,
  casinoName: z.string(),
  done: z.boolean(),
  /** The day's latest check-in transaction, its time and who recorded it (null when not done). */
  transactionId: idNumber.nullable(),
  /** SC of the day's check-ins (their sum when corrected). */
  unplayedCoins: decimalText.nullable(),
  at: z.string().nullable(),
  by: z.string().nullable(),
  /** The link's current streak: consecutive days with a check-in up to today (or yesterday while today is open), else 0. */
  streak: z.number().int(),
  /** The link's latest check-in. */
  lastAt: z.string().nullable(),
});

export const checkInBoardView = z.object({
  date: z.string(),
  /** The office's today (the board names its day "Today" only when it is). */
  today: z.string(),
  rows: z.array(checkInRowView),
  /** Rows under the filters (for the pager). */
  totalCount: z.number().int(),
  /** "N of M done": over every active link (customer and casino filters applied, status not). */
  done: z.number().int(),
  total: z.number().int(),
});
export type CheckInBoard = z.infer<typeof checkInBoardView>;

/** A recorded check-in: its transaction, office day and the link's streak after it. */
export const recordedCheckInView = z.object({ transactionId: idNumber, day: z.string(), streak: z.number().int() });
