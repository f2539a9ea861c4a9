import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, api, apiToken, baseUrl, openBrowser, type Session, signIn } from './helpers';

// Act from the Participation report.
let s: Session;
let token: string;
const stamp = Date.now().toString(36);
let masterId: number;
let customerId: number;
const customerName = `Pia ${stamp}`;

beforeAll(async () => {
  token = await apiToken(ADMIN.email, ADMIN.password);
  masterId = (await api<{ id: number }>('POST', '/api/customers', { name: `Master ${stamp}`, email: '' }, token)).id;
  customerId = (await api<{ id: number }>('POST', '/api/customers', { name: customerName, email: '' }, token)).id;
  for (const name of [`Penny ${stamp}`, `Pluto ${stamp}`]) {
    const casino = await api<{ id: number }>('POST', '/api/casinos', { name, website: '', isActive: true, scRatio: 1000 }, token);
    await api('POST', '/api/customer-casinos', { customerId: masterId, casinoId: casino.id, status: 'active' }, token);
  }
  s = await openBrowser();
  await signIn(s.page, ADMIN.email, ADMIN.password);
});
afterAll(() => s.close());

describe('Participation: Create missing links', () => {
  it('creates the two missing links (inactive) after a confirmation naming how many; the card then reads "✓ All registered"', async () => {
    const { page } = s;
    await page.goto(`${baseUrl()}/reports/participation?masterUserId=${masterId}`);
    const card = page.getByTestId('participation-card').filter({ hasText: customerName });
    await card.getByText('2 missing').waitFor();
    await card.getByRole('button', { name: 'Create missing links' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create missing links' });
    expect(await dialog.textContent()).toContain(
      `Create 2 missing links for ${customerName}, with zero balances? They are created inactive.`,
    );
    await dialog.getByRole('button', { name: 'Create 2 missing links' }).click();
    await page.getByText('Created 2 links').waitFor();
    await card.getByText('✓ All registered').waitFor();
    const links = await api<{ status: string; currentUnplayedCoins: string }[]>(
      'GET',
      `/api/customer-casinos?customerId=${customerId}`,
      undefined,
      token,
    );
    expect(links.map((l) => [l.status, l.currentUnplayedCoins])).toEqual([
      ['inactive', '0.00'],
      ['inactive', '0.00'],
    ]);
  });
});
