import { ConfigError, loadConfig, loadDotEnv } from './config';
import { DatabaseOpenError } from './db/database';
import { DatabaseLockedError } from './db/server-lock';
import { createServer } from './server';

/** Reads config, starts the server, stops it cleanly on SIGTERM/SIGINT. */
async function main(): Promise<void> {
  loadDotEnv();
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  let server;
  try {
    server = await createServer({ config });
  } catch (error) {
    if (error instanceof DatabaseOpenError) {
      console.error(error.message);
      process.exit(3);
    }
    if (error instanceof DatabaseLockedError) {
      console.error(`Cannot start: ${error.message} One server per database file; stop the other one first.`);
      process.exit(4);
    }
    throw error;
  }
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    server.app.log.info({ signal }, 'shutting down');
    await server.stop();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  const address = await server.start();
  console.log(`Coin Ledger is serving on ${address.replace('127.0.0.1', 'localhost')}`);
}

// This module is only ever the entry point (`node dist/server/main.mjs`, `tsx src/server/main.ts`): nothing imports it.
main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
