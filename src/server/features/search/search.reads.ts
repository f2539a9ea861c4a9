import { searchAnswer, searchReadInput } from '../../../shared/schemas/search';
import { declareRead } from '../../reads/read-declaration';
import { search } from './search.repository';

/** Search everywhere (decision 182): the query and whether the admin screens count, from the procedure. */
export const searchReads = {
  'search.query': declareRead({
    input: searchReadInput,
    output: searchAnswer,
    run: (db, input, env) => search(db, input.q, input.admin, env.timeZone),
  }),
};
