import type { Migration } from 'kysely';
import * as m0001 from './0001-initial';
import * as m0003 from './0003-screen-totals';
import * as m0005 from './0005-audit';
import * as m0010 from './0010-money-in-motion';
import * as m0020 from './0020-transaction-changes';
import * as m0015 from './0015-usd-sort';
import * as m0021 from './0021-hour-and-casino-totals';
import * as m0022 from './0022-link-changes';
import * as m0023 from './0023-casino-link-counts';
import * as m0024 from './0024-type-changes-in-feed';
import * as m0040 from './0040-check-in-board';
import * as m0050 from './0050-accounts';
import * as m0051 from './0051-kept-figures-by-the-ledger';
import * as m0055 from './0055-record-versions';
import * as m0060 from './0060-customer-usd';
import * as m0065 from './0065-closed-books';
import * as m0066 from './0066-reconciliations';
import * as m0067 from './0067-notes-and-attachments';
import * as m0068 from './0068-link-last-activity';
import * as m0069 from './0069-casino-link-figures';

/** Every migration, in order. Kysely applies the ones a database has not seen yet. */
export const migrations: Record<string, Migration> = {
  '0001-initial': m0001,
  '0003-screen-totals': m0003,
  '0005-audit': m0005,
  '0010-money-in-motion': m0010,
  '0020-transaction-changes': m0020,
  '0015-usd-sort': m0015,
  '0021-hour-and-casino-totals': m0021,
  '0022-link-changes': m0022,
  '0023-casino-link-counts': m0023,
  '0024-type-changes-in-feed': m0024,
  '0040-check-in-board': m0040,
  '0050-accounts': m0050,
  '0051-kept-figures-by-the-ledger': m0051,
  '0055-record-versions': m0055,
  '0060-customer-usd': m0060,
  '0065-closed-books': m0065,
  '0066-reconciliations': m0066,
  '0067-notes-and-attachments': m0067,
  '0068-link-last-activity': m0068,
  '0069-casino-link-figures': m0069,
};
