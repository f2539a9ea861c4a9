import { z } from 'zod';
import { decimalText, idNumber } from './common';

/** The Dashboard charts' data: small, fixed-size answers computed on the server. */

/** Casinos the SC chart shows, largest balances first. */
export const SC_CHART_CASINOS = 20;

export const usdPerDayView = z.array(z.object({ day: z.string(), usd: decimalText, entries: z.number().int() }));
export const scByCasinoView = z.array(
  z.object({ casinoId: idNumber, casinoName: z.string(), unplayed: decimalText, played: decimalText, total: decimalText }),
);
/** Entries per staff member; `userId` is null for entries of no user (imports, the system). */
export const entriesByStaffView = z.array(z.object({ userId: idNumber.nullable(), name: z.string(), entries: z.number().int() }));
