import { keepPreviousData, type QueryKey, useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { ALL_OPTION as ALL } from '../../shared/constants';
import { isOrderedRange } from '../../shared/value-rules';
import { urlListInput } from './search-params';

/** A page of a log read from the server: its entries and how many match in all. */
export interface ListPage<E> {
  entries: E[];
  totalCount: number;
}

/** The URL search of a paged log: its filters (a date range among them) and the page, from 1. */
interface ListSearch {
  page?: number;
  startDate?: string;
  endDate?: string;
}

/**
 * A paged log whose filters and page live in the URL (the Audit Trail, the Access log): the page of
 * entries for those filters, nothing read while the date range runs backwards, and `set`, which changes
 * one filter (empty or "all" removes it) and goes back to page 1.
 */
export function useUrlList<S extends ListSearch, E, TError, K extends QueryKey>(
  search: S,
  pageSize: number,
  read: (input: Omit<S, 'page'> & { limit: number; offset: number }) => UseQueryOptions<ListPage<E>, TError, ListPage<E>, K>,
) {
  const navigate = useNavigate();
  const { page = 1, ...filters } = search;
  const rangeOk = isOrderedRange(search);
  const query = useQuery({
    ...read(urlListInput(search, pageSize)),
    placeholderData: keepPreviousData,
    enabled: rangeOk,
  });
  const set = (key: string, value: string | number | undefined) =>
    void navigate({
      to: '.',
      search: (prev) => ({ ...prev, [key]: value === '' || value === ALL ? undefined : value, page: undefined }),
    });
  const empty: ListPage<E> = { entries: [], totalCount: 0 };
  const data = (rangeOk && query.data) || empty;
  /** How many filters are set, for the folded panel's button on a phone. */
  const active = Object.values(filters).filter((v) => v !== undefined).length;
  return { page, filters, rangeOk, query, set, data, active };
}
