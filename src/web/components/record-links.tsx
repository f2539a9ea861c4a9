import type { CellContext, TableFeatures } from '@tanstack/react-table';
import type { AnchorProps } from '@mantine/core';
import type { CSSProperties } from 'react';
import { RouterAnchor } from './router-link';

type Props = { id: number; name: string; style?: CSSProperties } & Pick<AnchorProps, 'fw' | 'size'>;

/**
 * A customer's or a casino's name wherever the app shows one, as a link to their page: the one place
 * every grid, panel and report takes its name links from. Cut with "…" like a grid's names (NameText).
 */
export function CustomerLink({ id, name, ...props }: Props) {
  return (
    <RouterAnchor to="/customers/$customerId" params={{ customerId: String(id) }} size="sm" className="cell-name" title={name} {...props}>
      {name}
    </RouterAnchor>
  );
}

export function CasinoLink({ id, name, ...props }: Props) {
  return (
    <RouterAnchor to="/casinos/$casinoId" params={{ casinoId: String(id) }} size="sm" className="cell-name" title={name} {...props}>
      {name}
    </RouterAnchor>
  );
}

/** A grid cell of the customer's name (the row carries `customerId`), as a link to their page. */
export const customerNameCell = <F extends TableFeatures, R extends { customerId: number }>(cell: CellContext<F, R, string>) => (
  <CustomerLink id={cell.row.original.customerId} name={cell.getValue()} fw={600} />
);

/** A grid cell of the casino's name (the row carries `casinoId`), as a link to its page. */
export const casinoNameCell = <F extends TableFeatures, R extends { casinoId: number }>(cell: CellContext<F, R, string>) => (
  <CasinoLink id={cell.row.original.casinoId} name={cell.getValue()} />
);
