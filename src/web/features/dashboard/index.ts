/** What other features use of the Dashboard (decision 077): a chart with its table beside it. */
export { ChartCard } from './chart-card';
