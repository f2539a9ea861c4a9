import { type Config, ConfigError, loadConfig, loadDotEnv } from '../config';
import { type DatabaseLock, DatabaseLockedError, lockDatabase } from '../db/server-lock';

/** The configuration as the server reads it: `.env` in the working folder, then the environment. */
export function loadCliConfig(): Config {
  loadDotEnv();
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message, 2);
    throw error;
  }
}

/** Prints one line (no stack trace) and exits. */
export function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

export const reason = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** Takes the database's lock for a command that writes to it, or exits naming who holds it. */
export function lockForCommand(databasePath: string): DatabaseLock {
  try {
    return lockDatabase(databasePath);
  } catch (error) {
    if (error instanceof DatabaseLockedError) fail(`Cannot run: ${error.message} Stop it first.`);
    fail(reason(error));
  }
}
