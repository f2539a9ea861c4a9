import type { Migration } from 'kysely';
import * as m0001 from './0001-initial';

/** Every migration, in order. Kysely applies the ones a database has not seen yet. */
export const migrations: Record<string, Migration> = {
  '0001-initial': m0001,
};
