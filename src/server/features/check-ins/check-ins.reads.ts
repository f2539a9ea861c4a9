import { checkInBoardView } from '../../../shared/schemas/check-ins';
import { checkInBoardInput } from '../../../shared/schemas/check-ins';
import { declareRead } from '../../reads/read-declaration';
import { checkInBoard } from './check-ins.repository';

export const checkInReads = {
  'checkIns.board': declareRead({
    output: checkInBoardView,
    input: checkInBoardInput,
    run: (db, input, env) => checkInBoard(db, input ?? {}, env.timeZone),
  }),
};
