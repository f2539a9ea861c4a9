import { highScUsdHundredths } from '../../../shared/ledger';
import { toHundredths } from '../../../shared/money';
import type { HighScRow } from '../../lib/api-types';

/** High SC USD value in hundredths of a dollar (shared/ledger). */
export const highScUsd = (row: HighScRow) => highScUsdHundredths(toHundredths(row.totalCoins), toHundredths(row.playedCoins));
