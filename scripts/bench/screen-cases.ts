import type { ScreenCase } from './query-plans';

export interface CaseIds {
  customerId: number;
  casinoId: number;
  transactionTypeId: number;
  /** The History row count, for the deep pages. */
  total: number;
  /** A month inside the data, and a range across most of it (YYYY-MM-DD). */
  month: { startDate: string; endDate: string };
  wide: { startDate: string; endDate: string };
}

/** Every screen's reads as the web app sends them (the plan test and `npm run bench` run these). */
export function screenCases(ids: CaseIds): ScreenCase[] {
  const { customerId, casinoId, transactionTypeId, total, month, wide } = ids;
  const last = Math.max(0, Math.floor((total - 1) / 100) * 100);
  const middle = Math.floor(total / 200) * 100;
  return [
    { screen: 'History, page 1', name: 'transactions.list', input: { limit: 100, offset: 0 } },
    { screen: 'History, middle page', name: 'transactions.list', input: { limit: 100, offset: middle } },
    { screen: 'History, last page', name: 'transactions.list', input: { limit: 100, offset: last } },
    { screen: 'History by customer', name: 'transactions.list', input: { customerId, limit: 100, offset: 0 } },
    { screen: 'History by casino and month', name: 'transactions.list', input: { casinoId, ...month, limit: 100, offset: 0 } },
    { screen: 'History by type, last page', name: 'transactions.list', input: { transactionTypeId, limit: 100, offset: 3900 } },
    {
      screen: 'History by wide date range, deep page',
      name: 'transactions.list',
      input: { ...wide, limit: 100, offset: Math.floor(total / 3) },
    },
    {
      screen: 'History by customer, casino, type and dates',
      name: 'transactions.list',
      input: { customerId, casinoId, transactionTypeId, ...wide, limit: 100, offset: 0 },
    },
    { screen: 'History oldest first, page 1', name: 'transactions.list', input: { limit: 100, offset: 0, sort: 'date' } },
    { screen: 'History by USD, page 1', name: 'transactions.list', input: { limit: 100, offset: 0, sort: '-usd' } },
    { screen: 'History by USD, last page', name: 'transactions.list', input: { limit: 100, offset: last, sort: 'usd' } },
    { screen: 'History by casino, by USD', name: 'transactions.list', input: { casinoId, limit: 100, offset: 0, sort: '-usd' } },
    { screen: 'History by customer, by USD', name: 'transactions.list', input: { customerId, limit: 100, offset: 0, sort: 'usd' } },
    { screen: 'Recent panel (casino)', name: 'transactions.list', input: { casinoId, limit: 50 } },
    { screen: 'Recent panel (casino), by USD', name: 'transactions.list', input: { casinoId, limit: 50, sort: '-usd' } },
    { screen: 'Dashboard recent activity', name: 'transactions.recent', input: { limit: 10 } },
    { screen: 'Dashboard USD per day', name: 'dashboard.usdPerDay', input: undefined },
    { screen: 'Dashboard SC per casino', name: 'dashboard.scByCasino', input: undefined },
    { screen: 'Dashboard entries per staff member', name: 'dashboard.entriesByStaff', input: undefined },
    { screen: 'Customer links (entry page)', name: 'customerCasinos.list', input: { customerId } },
    { screen: 'Customers list', name: 'customers.list', input: undefined },
    { screen: 'Casinos list', name: 'casinos.list', input: undefined },
    { screen: 'Transaction types list', name: 'transactionTypes.list', input: undefined },
    { screen: 'High SC page', name: 'reports.highSc', input: { threshold: 100, limit: 100, offset: 0 } },
    { screen: 'High SC page, by total coins', name: 'reports.highSc', input: { threshold: 100, limit: 100, offset: 0, sort: '-total' } },
    { screen: 'High SC cards', name: 'reports.highScSummary', input: { threshold: 100 } },
    { screen: 'Profitability page 1', name: 'reports.profitability', input: { limit: 100, offset: 0 } },
    { screen: 'Profitability by transactions', name: 'reports.profitability', input: { limit: 100, offset: 0, sort: '-count' } },
    { screen: 'Profitability by casino', name: 'reports.profitability', input: { casinoId, limit: 100, offset: 0 } },
    { screen: 'Profitability cards', name: 'reports.profitabilitySummary', input: undefined },
    { screen: 'Profitability, month', name: 'reports.profitability', input: { ...month, limit: 100, offset: 0 } },
    { screen: 'Profitability cards, month', name: 'reports.profitabilitySummary', input: month },
    { screen: 'Participation page 1', name: 'reports.participation', input: { masterUserId: customerId, limit: 100, offset: 0 } },
    { screen: 'Participation cards', name: 'reports.participationSummary', input: { masterUserId: customerId } },
    { screen: 'Transaction types rows, one type', name: 'reports.transactionTypes', input: { transactionTypeId, limit: 100 } },
    {
      screen: 'Transaction types rows, one type, by USD',
      name: 'reports.transactionTypes',
      input: { transactionTypeId, limit: 100, sort: '-usd' },
    },
    { screen: 'Transaction types cards, all', name: 'reports.transactionTypesSummary', input: undefined },
    { screen: 'Transaction types cards, wide range', name: 'reports.transactionTypesSummary', input: wide },
    {
      screen: 'Transaction types cards, one type and month',
      name: 'reports.transactionTypesSummary',
      input: { transactionTypeId, ...month },
    },
    { screen: 'Redemptions, pending', name: 'redemptions.list', input: { status: 'pending', limit: 50, offset: 0 } },
    { screen: 'Redemptions, received by casino', name: 'redemptions.list', input: { status: 'received', casinoId, limit: 50, offset: 0 } },
    { screen: 'Redemptions, all, deep page', name: 'redemptions.list', input: { limit: 50, offset: 450 } },
    {
      screen: 'Redemptions, pending by customer',
      name: 'redemptions.list',
      input: { status: 'pending', customerId, limit: 50, offset: 0 },
    },
    { screen: 'Check-in board, today', name: 'checkIns.board', input: { limit: 100, offset: 0 } },
    {
      screen: 'Check-in board, missing, sorted by streak',
      name: 'checkIns.board',
      input: { status: 'missing', sort: 'streak', desc: true, limit: 100, offset: 0 },
    },
    { screen: 'Check-in board, streak ascending, deep page', name: 'checkIns.board', input: { sort: 'streak', limit: 100, offset: 4900 } },
    {
      screen: 'Check-in board, a past day, done, by last check-in',
      name: 'checkIns.board',
      input: { date: month.startDate, status: 'done', sort: 'last', desc: true, limit: 100, offset: 0 },
    },
    {
      screen: 'Check-in board, missing by casino, deep page',
      name: 'checkIns.board',
      input: { status: 'missing', sort: 'casino', desc: true, limit: 100, offset: 4900 },
    },
    {
      screen: 'Check-in board, one casino, by last check-in',
      name: 'checkIns.board',
      input: { casinoId, sort: 'last', limit: 100, offset: 0 },
    },
    {
      screen: 'Check-in board, one customer, missing',
      name: 'checkIns.board',
      input: { customerId, status: 'missing', limit: 100, offset: 0 },
    },
  ];
}
