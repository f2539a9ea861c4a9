import { declareRead } from '../../reads/read-declaration';
import { listCasinos } from './casinos.repository';

export const casinoReads = {
  'casinos.list': declareRead({ run: (db) => listCasinos(db) }),
};
