import { declareRead } from '../../reads/read-declaration';
import { listCustomers } from './customers.repository';

export const customerReads = {
  'customers.list': declareRead({ run: (db) => listCustomers(db) }),
};
