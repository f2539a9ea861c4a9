import { z } from 'zod';
import { customerView } from '../../../shared/schemas/customers';
import { declareRead } from '../../reads/read-declaration';
import { listCustomers } from './customers.repository';

export const customerReads = {
  'customers.list': declareRead({ output: z.array(customerView), run: (db) => listCustomers(db) }),
};
