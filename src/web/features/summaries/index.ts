export { casinoLinkColumns, customerLinkColumns } from './link-columns';
export { MoneyChart } from './money-chart';
export { StatementDialog } from './statement-dialog';
export { SummaryCards } from './summary-cards';
export { ACTION_FLEX, RatioFact, RecordHeader, WebsiteLink } from './record-header';
export { LinksTable } from './links-table';
