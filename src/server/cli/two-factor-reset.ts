import { fail, loadCliConfig, lockForCommand, reason } from './cli-support';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { resetTwoFactorOffline } from '../features/users/users.repository';

/**
 * `npm run two-factor:reset -- EMAIL`: turns off a user's second step and ends their sessions, with the
 * server stopped (decision 102). It is how an office whose only admin lost their phone gets back in: it
 * needs the machine and its data folder, never the network, so it opens no back door over HTTP.
 */
const usage = 'Usage: npm run two-factor:reset -- EMAIL';
const email = process.argv[2];
if (!email || process.argv.length > 3) fail(usage, 2);

const config = loadCliConfig();
const lock = lockForCommand(config.databasePath);
const { db, close } = openDatabase(config.databasePath);
try {
  await migrateToLatest(db);
  const result = await resetTwoFactorOffline(db, email);
  if (result === 'no-user') fail(`No user with the email ${email}`, 1);
  if (result === 'off') console.log(`Two-step sign-in was not on for ${email}; nothing changed.`);
  else console.log(`Two-step sign-in is off for ${email} and their sessions have ended. They sign in with their password alone.`);
} catch (error) {
  fail(`two-factor:reset failed: ${reason(error)}`, 1);
} finally {
  await close();
  lock.release();
}
