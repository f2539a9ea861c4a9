import { z } from 'zod';
import { transactionTypeView } from '../../../shared/schemas/transaction-types';
import { listTypesInput } from '../../../shared/schemas/transaction-types';
import { declareRead } from '../../reads/read-declaration';
import { listTypes } from './transaction-types.repository';

export const transactionTypeReads = {
  'transactionTypes.list': declareRead({
    output: z.array(transactionTypeView),
    input: listTypesInput,
    run: (db, input) => listTypes(db, input?.casinoId),
  }),
};
