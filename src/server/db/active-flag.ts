/**
 * `isActive` is stored as SQLite's 0 or 1 and answered as a boolean: one place for both directions
 * (customers and casinos).
 */
export const activeAsBoolean = <R extends { isActive: number }>(row: R): Omit<R, 'isActive'> & { isActive: boolean } => ({
  ...row,
  isActive: row.isActive === 1,
});

/** Changes with `isActive` as the stored 0 or 1 (left out when not changing). */
export const activeAsStored = <C extends { isActive?: boolean }>({ isActive, ...rest }: C) => ({
  ...rest,
  ...(isActive === undefined ? {} : { isActive: isActive ? 1 : 0 }),
});
