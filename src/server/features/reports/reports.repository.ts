/**
 * The reports other features use (exports, Create missing links), each from its own module: High SC,
 * Profitability, Participation and the Transaction Types report.
 */
export { highSc } from './high-sc';
export { profitability } from './profitability';
export { masterCasinosOf, participation } from './participation';
export { typeReportSummary } from './type-report';
