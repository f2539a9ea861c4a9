import { useState } from 'react';

/** A page number (from 1) that starts over whenever `key` (the filters it pages through) changes. */
export function usePage(key: string): [number, (page: number) => void] {
  const [state, setState] = useState({ key, page: 1 });
  const page = state.key === key ? state.page : 1;
  return [page, (next) => setState({ key, page: next })];
}
