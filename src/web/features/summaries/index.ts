export { casinoLinkColumns, customerLinkColumns, FIGURE_NUMERIC, nextSort, SORTABLE, sortedLinks } from './link-columns';
export type { CasinoSummaryView, CustomerSummaryView } from './link-columns';
export { MoneyChart } from './money-chart';
export { StatementDialog } from './statement-dialog';
export { SummaryCards } from './summary-cards';
export { RatioFact, RecordHeader, WebsiteLink } from './record-header';
export { LinksTable } from './links-table';
