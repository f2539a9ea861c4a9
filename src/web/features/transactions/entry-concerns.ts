import { PURCHASE_RATIO_THRESHOLD } from '../../../shared/constants';
import { ratioLevel, ratioText } from '../../../shared/ledger';
import { formatGrouped, parseHundredths } from '../../../shared/money';
import type { Preview, TxFormValues } from './form-state';

const amount = (text: string) => {
  const parsed = parseHundredths(text.trim() === '' ? '0' : text);
  return parsed.ok ? parsed.value : 0;
};

/**
 * What a person is asked to confirm before an entry is saved (decision 112): a balance the entry takes
 * below zero, a purchase ratio below the threshold, or an entry that changes nothing. Each names its
 * problem. `preview` is left out while the balance it starts from is unknown (a dated entry's balance on
 * its way), so no question is asked on a guess.
 */
export function entryConcerns(values: TxFormValues, preview: Preview | null): string[] {
  const usd = amount(values.usdChange);
  const unplayed = amount(values.unplayedCoinsChange);
  const played = amount(values.playedCoinsChange);
  const concerns: string[] = [];
  if (usd === 0 && unplayed === 0 && played === 0) {
    concerns.push('This entry changes nothing: USD, unplayed and played coins are all 0.');
  }
  if (preview) {
    const below = (
      [
        ['Unplayed SC', preview.unplayedAfter, unplayed],
        ['Played SC', preview.playedAfter, played],
      ] as const
    ).filter(([, after, change]) => after < 0 && change < 0);
    for (const [label, after] of below) concerns.push(`It takes ${label} below zero: ${formatGrouped(after)} after it.`);
    if (preview.ratio !== null && ratioLevel(preview.ratio) === 'low') {
      concerns.push(`Its purchase ratio is ${ratioText(preview.ratio)}, below the ${PURCHASE_RATIO_THRESHOLD} threshold.`);
    }
  }
  return concerns;
}
