import { afterValues, purchaseRatio } from '../../../shared/ledger';
import { parseHundredths, toHundredths } from '../../../shared/money';
import type { CasinoView, LinkView } from '../../lib/api-types';

/** The transaction form holds its six fields as strings (spec section 3). */
export interface TxFormValues {
  customerId: string;
  casinoId: string;
  transactionTypeId: string;
  unplayedCoinsChange: string;
  playedCoinsChange: string;
  usdChange: string;
}

/**
 * A fresh form. The three amounts hold a real 0, shown in the box and sent as shown (decision 113): a box
 * that looked like 0 but was empty made a newcomer's first saves fail with "USD change is required". An
 * emptied box is still refused with the spec's message; an entry of 0 / 0 / 0 is asked about.
 */
export const EMPTY_FORM: TxFormValues = {
  customerId: '',
  casinoId: '',
  transactionTypeId: '',
  unplayedCoinsChange: '0',
  playedCoinsChange: '0',
  usdChange: '0',
};

/** Casinos the customer may transact at: an active link to an active casino, by casino name. */
export function activeCasinosOf(links: LinkView[] | undefined, casinos: CasinoView[] | undefined, customerId: string): CasinoView[] {
  if (!customerId || !links || !casinos) return [];
  const linked = new Set(links.filter((l) => String(l.customerId) === customerId && l.status === 'active').map((l) => l.casinoId));
  return casinos.filter((c) => c.isActive && linked.has(c.id));
}

/** Spec 4: a new customer keeps the casino only when it is among their active casinos. */
export function withCustomer(values: TxFormValues, customerId: string, activeCasinoIds: string[]): TxFormValues {
  const keep = values.casinoId !== '' && activeCasinoIds.includes(values.casinoId);
  return { ...values, customerId, ...(keep ? {} : { casinoId: '', transactionTypeId: '' }) };
}

export function withCasino(values: TxFormValues, casinoId: string): TxFormValues {
  return casinoId === values.casinoId ? values : { ...values, casinoId, transactionTypeId: '' };
}

/** Spec 4: Next Casino moves to the following active casino (wrapping round) and clears the type. */
export function withNextCasino(values: TxFormValues, activeCasinoIds: string[]): TxFormValues {
  if (activeCasinoIds.length === 0) return values;
  const at = activeCasinoIds.indexOf(values.casinoId);
  return { ...values, casinoId: activeCasinoIds[(at + 1) % activeCasinoIds.length], transactionTypeId: '' };
}

/** Field errors that still apply after an edit: those of the fields the edit left as they were. */
export function withoutChanged(errors: Record<string, string>, before: TxFormValues, after: TxFormValues): Record<string, string> {
  const kept = Object.entries(errors).filter(
    ([key]) => !(key in after) || before[key as keyof TxFormValues] === after[key as keyof TxFormValues],
  );
  return kept.length === Object.keys(errors).length ? errors : Object.fromEntries(kept);
}

/** Spec 4: after a save, customer and casino stay; the type and the three changes clear. */
export const afterSave = (values: TxFormValues): TxFormValues => ({
  ...EMPTY_FORM,
  customerId: values.customerId,
  casinoId: values.casinoId,
});

const amount = (text: string) => {
  const parsed = parseHundredths(text);
  return parsed.ok ? parsed.value : 0;
};

export interface Preview {
  ratio: number | null;
  unplayedAfter: number;
  playedAfter: number;
  totalAfter: number;
}

/**
 * The Auto-Calculated Values (spec 9), in hundredths. `base` is the pair's balance before this entry
 * (the link's current balance, 0 without a link); unreadable amounts count as 0.
 */
export function preview(values: TxFormValues, base: { unplayed: number; played: number } | null, scRatio: number): Preview {
  const unplayed = amount(values.unplayedCoinsChange);
  const played = amount(values.playedCoinsChange);
  const after = afterValues(base, unplayed, played);
  return {
    ratio: purchaseRatio(unplayed, amount(values.usdChange), scRatio),
    unplayedAfter: after.unplayed,
    playedAfter: after.played,
    totalAfter: after.total,
  };
}

export function linkBalance(links: LinkView[] | undefined, customerId: string, casinoId: string) {
  const link = links?.find((l) => String(l.customerId) === customerId && String(l.casinoId) === casinoId);
  return link ? { unplayed: toHundredths(link.currentUnplayedCoins), played: toHundredths(link.currentPlayedCoins) } : null;
}
