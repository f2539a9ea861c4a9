/**
 * Reads every customer's balances at every casino through the REST API, with a client typed by the
 * OpenAPI document (openapi-fetch over the types `npm run api:types` generates).
 *
 *   COIN_LEDGER_URL=http://localhost:3000 COIN_LEDGER_EMAIL=me@example.com COIN_LEDGER_PASSWORD=... \
 *     npx tsx examples/read-balances.ts
 *
 * Or with a token already at hand (an API token from Profile, or a sign-in's): COIN_LEDGER_TOKEN=...
 */
import createClient from 'openapi-fetch';
import type { paths } from './coin-ledger-api';

const baseUrl = process.env.COIN_LEDGER_URL ?? 'http://localhost:3000';
const api = createClient<paths>({ baseUrl });

/** A bearer token: the one given, or a sign-in with email and password (an account with two-step sign-in needs a token). */
async function bearerToken(): Promise<string> {
  if (process.env.COIN_LEDGER_TOKEN) return process.env.COIN_LEDGER_TOKEN;
  const { data, error } = await api.POST('/api/auth/login', {
    body: { email: process.env.COIN_LEDGER_EMAIL ?? '', password: process.env.COIN_LEDGER_PASSWORD ?? '' },
  });
  if (error) throw new Error(`Sign-in refused: ${error.message}`);
  if (!('token' in data)) throw new Error('This account signs in with a second step: use an API token (COIN_LEDGER_TOKEN)');
  return data.token;
}

const headers = { Authorization: `Bearer ${await bearerToken()}` };
const [customers, casinos, links] = await Promise.all([
  api.GET('/api/customers', { headers }),
  api.GET('/api/casinos', { headers }),
  api.GET('/api/customer-casinos', { headers }),
]);
if (customers.error || casinos.error || links.error) {
  throw new Error((customers.error ?? casinos.error ?? links.error)?.message);
}
const customerName = new Map(customers.data.map((c) => [c.id, c.name]));
const casinoName = new Map(casinos.data.map((c) => [c.id, c.name]));
for (const link of links.data) {
  // Amounts are decimal strings ("1250.00"): printed as the server wrote them, never through a float.
  console.log(
    `${customerName.get(link.customerId)} at ${casinoName.get(link.casinoId)} (${link.status}): ` +
      `unplayed ${link.currentUnplayedCoins}, played ${link.currentPlayedCoins}`,
  );
}
