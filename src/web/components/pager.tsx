import { ActionIcon, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconChevronsLeft, IconChevronsRight } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { formatCount } from '../lib/format';
import { tipProps } from './tip-props';

interface Props {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  /** Extra text after "Showing X to Y of N transactions". */
  suffix?: string;
  /** What the rows are: 'transactions' unless told. */
  noun?: string;
  /** First/last buttons and "Page i of n" (history) or arrows with "x / y" (recent panel). */
  full?: boolean;
}

export const pageCount = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

/** Footer of a paged grid: Showing X to Y of N transactions (or another noun), and the page controls. */
export function Pager({ page, pageSize, total, onPage, suffix, full, noun = 'transactions' }: Props) {
  const pages = pageCount(total, pageSize);
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(page * pageSize, total);
  const button = (label: string, target: number, disabled: boolean, icon: React.ReactNode) => (
    <ActionIcon variant="default" aria-label={label} disabled={disabled} onClick={() => onPage(target)} {...tipProps(label)}>
      {icon}
    </ActionIcon>
  );
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Text size="sm" c="dimmed" data-testid="pager-showing">
        Showing {formatCount(from)} to {formatCount(to)} of {formatCount(total)} {noun}
        {suffix ? ` ${suffix}` : ''}
      </Text>
      <Group gap={6} wrap="nowrap">
        {full && button('First page', 1, page <= 1, <IconChevronsLeft size={16} />)}
        {button('Previous page', page - 1, page <= 1, <IconChevronLeft size={16} />)}
        <Text size="sm" px={6} data-testid="pager-page" style={{ whiteSpace: 'nowrap' }}>
          {full ? `Page ${formatCount(page)} of ${formatCount(pages)}` : `${formatCount(page)} / ${formatCount(pages)}`}
        </Text>
        {button('Next page', page + 1, page >= pages, <IconChevronRight size={16} />)}
        {full && button('Last page', pages, page >= pages, <IconChevronsRight size={16} />)}
      </Group>
    </Group>
  );
}

/** The full Pager of a screen whose page is in the URL: `page` in the search, page 1 left out. */
export function UrlPager(props: Omit<Props, 'onPage' | 'full'>) {
  const navigate = useNavigate();
  return <Pager full {...props} onPage={(p) => void navigate({ to: '.', search: (prev) => ({ ...prev, page: p > 1 ? p : undefined }) })} />;
}
