import { useQuery } from '@tanstack/react-query';
import { nameKey } from '../../shared/names';
import { trpc } from '../trpc';
import type { CustomerView } from './api-types';

/** Master data queries, shared by every screen (cached; invalidated after writes). */
export const useCustomers = () => useQuery(trpc.customers.list.queryOptions());
export const useCasinos = () => useQuery(trpc.casinos.list.queryOptions());
/** A customer's links; with `asOf`, their balances at the end of that day (office time zone). */
export const useLinks = (customerId?: number, asOf?: string) =>
  useQuery({
    ...trpc.customerCasinos.list.queryOptions(customerId ? { customerId, ...(asOf ? { asOf } : {}) } : undefined),
    enabled: customerId !== undefined,
  });
export const useAllLinks = () => useQuery(trpc.customerCasinos.list.queryOptions(undefined));
export const useTypes = (casinoId?: number) =>
  useQuery({ ...trpc.transactionTypes.list.queryOptions(casinoId ? { casinoId } : undefined), enabled: casinoId !== undefined });
export const useAllTypes = () => useQuery(trpc.transactionTypes.list.queryOptions(undefined));

/** Select options from rows with id and name. */
export const toOptions = (rows: { id: number; name: string }[] | undefined) =>
  (rows ?? []).map((r) => ({ value: String(r.id), label: r.name }));

/**
 * Customer options: a name that more than one customer has carries the email (or the id when there is
 * none), so two "Alice Anders" can be told apart in every picker.
 */
export function customerOptions(rows: CustomerView[] | undefined) {
  const counts = new Map<string, number>();
  for (const r of rows ?? []) counts.set(nameKey(r.name), (counts.get(nameKey(r.name)) ?? 0) + 1);
  return (rows ?? []).map((r) => ({
    value: String(r.id),
    label: (counts.get(nameKey(r.name)) ?? 0) > 1 ? `${r.name} (${r.email ?? `#${r.id}`})` : r.name,
  }));
}

/**
 * Transaction type options: with a casino, that casino's types by name; without, every type with its
 * casino's name ("Purchase — Lucky").
 */
export function typeOptions(
  types: { id: number; name: string; casinoId: number }[] | undefined,
  casinos: { id: number; name: string }[] | undefined,
  casinoId?: number,
) {
  const casinoName = new Map(casinos?.map((c) => [c.id, c.name]));
  return (types ?? [])
    .filter((t) => !casinoId || t.casinoId === casinoId)
    .map((t) => ({ value: String(t.id), label: casinoId ? t.name : `${t.name} — ${casinoName.get(t.casinoId) ?? 'Unknown casino'}` }));
}
