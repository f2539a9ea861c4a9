import { useQuery } from '@tanstack/react-query';
import { trpc } from '../trpc';

/** Master data queries, shared by every screen (cached; invalidated after writes). */
export const useCustomers = () => useQuery(trpc.customers.list.queryOptions());
export const useCasinos = () => useQuery(trpc.casinos.list.queryOptions());
export const useLinks = (customerId?: number) =>
  useQuery({ ...trpc.customerCasinos.list.queryOptions(customerId ? { customerId } : undefined), enabled: customerId !== undefined });
export const useAllLinks = () => useQuery(trpc.customerCasinos.list.queryOptions(undefined));
export const useTypes = (casinoId?: number) =>
  useQuery({ ...trpc.transactionTypes.list.queryOptions(casinoId ? { casinoId } : undefined), enabled: casinoId !== undefined });
export const useAllTypes = () => useQuery(trpc.transactionTypes.list.queryOptions(undefined));

/** Select options from rows with id and name. */
export const toOptions = (rows: { id: number; name: string }[] | undefined) =>
  (rows ?? []).map((r) => ({ value: String(r.id), label: r.name }));
