import { z } from 'zod';
import { casinoView } from '../../../shared/schemas/casinos';
import { declareRead } from '../../reads/read-declaration';
import { listCasinos } from './casinos.repository';

export const casinoReads = {
  'casinos.list': declareRead({ output: z.array(casinoView), run: (db) => listCasinos(db) }),
};
