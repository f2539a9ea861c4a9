import type { CellContext, TableFeatures } from '@tanstack/react-table';
import { Link } from '@tanstack/react-router';
import type { CSSProperties } from 'react';
import { type PlainText, plainLink } from './plain-text';

type Props = { id: number; name: string; style?: CSSProperties } & Pick<PlainText, 'fw' | 'size'>;

/**
 * A customer's or a casino's name wherever the app shows one, as a link to their page: the one place
 * every grid, panel and report takes its name links from. Cut with "…" like a grid's names (NameText).
 * A plain link with Mantine's Anchor look (decision 232): a page of History writes two hundred.
 * What the link shows and how is the same for a customer and a casino.
 */
const recordLink = ({ name, size = 'sm', fw, style }: Omit<Props, 'id'>) => ({
  className: plainLink({ size, fw }, 'cell-name'),
  'data-underline': 'always',
  title: name,
  style,
  children: name,
});

export function CustomerLink({ id, ...props }: Props) {
  return <Link to="/customers/$customerId" params={{ customerId: String(id) }} {...recordLink(props)} />;
}

export function CasinoLink({ id, ...props }: Props) {
  return <Link to="/casinos/$casinoId" params={{ casinoId: String(id) }} {...recordLink(props)} />;
}

/** A grid cell of the customer's name (the row carries `customerId`), as a link to their page. */
export const customerNameCell = <F extends TableFeatures, R extends { customerId: number }>(cell: CellContext<F, R, string>) => (
  <CustomerLink id={cell.row.original.customerId} name={cell.getValue()} fw={600} />
);

/** A grid cell of the casino's name (the row carries `casinoId`), as a link to its page. */
export const casinoNameCell = <F extends TableFeatures, R extends { casinoId: number }>(cell: CellContext<F, R, string>) => (
  <CasinoLink id={cell.row.original.casinoId} name={cell.getValue()} />
);
