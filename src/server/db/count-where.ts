import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';

/** How many rows of the group meet `condition`: sum(case when condition then 1 else 0 end). */
export function countWhere<DB, TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>, condition: Expression<SqlBool>) {
  return eb.fn.sum<number>(eb.case().when(condition).then(1).else(0).end());
}
