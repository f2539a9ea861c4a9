export interface LedgerCheckResult {
  ok: boolean;
  checkedTransactions: number;
  problems: string[];
}

export interface LedgerCheckView extends LedgerCheckResult {
  at: string;
  trigger: 'daily' | 'on-demand';
}
