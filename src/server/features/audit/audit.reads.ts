import { z } from 'zod';
import { auditEntryView, auditPage, ledgerCheckView } from '../../../shared/schemas/audit';
import { auditListInput } from '../../../shared/schemas/audit';
import { transactionIdInput } from '../../../shared/schemas/transactions';
import { declareRead } from '../../reads/read-declaration';
import { lastLedgerCheck, runLedgerCheck } from '../transactions/ledger-check';
import { listAudit, transactionAudit } from './audit.repository';

export const auditReads = {
  'audit.list': declareRead({ output: auditPage, input: auditListInput, run: (db, input, env) => listAudit(db, input, env.timeZone) }),
  'transactions.audit': declareRead({
    output: z.array(auditEntryView),
    input: transactionIdInput,
    run: (db, input) => transactionAudit(db, input.id),
  }),
  /**
   * Both ledger invariants over every row: seconds of CPU (more than a minute at 10,000,000 rows), daily and
   * on demand, on a thread of its own below the screens' priority, so it never holds a screen's reader nor
   * an export (decision 028).
   */
  'admin.ledgerCheck': declareRead({ run: (db) => runLedgerCheck(db), pool: () => 'checks' }),
  'admin.lastLedgerCheck': declareRead({ output: ledgerCheckView.nullable(), run: (db) => lastLedgerCheck(db) }),
};
