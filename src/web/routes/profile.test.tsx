import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { calls, mockTrpc, type TrpcMocks } from '../testing/msw';
import { ADMIN, renderApp } from '../testing/render';

// Profile's forms fetch their checks on first use, not with the screen (decision 257): a save before
// anything was touched waits for the check, shows its messages and sends nothing.
const mockProfile = (extra: TrpcMocks = {}) => {
  // The account's procedures are a router within a router, which TrpcMocks does not name.
  const account = {
    'auth.account.sessions': () => [],
    'auth.twoFactor.status': () => ({ enabled: false, recoveryCodesLeft: 0 }),
    'auth.account.apiTokens': () => [],
    'auth.account.createApiToken': () => ({ token: 'cl_test_token' }),
  } as TrpcMocks;
  mockTrpc({ 'auth.user': () => ADMIN, ...account, ...extra });
};

describe("Profile's forms, checked on first use", () => {
  // First in this file: the check is fetched once for the module's life.
  it('a second press while the check is on its way is not a second token', async () => {
    mockProfile();
    renderApp('/profile');
    const createToken = await screen.findByRole('button', { name: 'Create token' });
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Reports' } });
    fireEvent.submit(createToken.closest('form')!);
    fireEvent.submit(createToken.closest('form')!);
    expect(await screen.findByText('cl_test_token')).toBeTruthy();
    expect(calls.filter((c) => c.path.endsWith('createApiToken'))).toHaveLength(1);
  });

  it("Change password and Create token refuse empty fields with the schemas' messages, sending nothing", async () => {
    mockProfile();
    renderApp('/profile');
    const changePassword = await screen.findByRole('button', { name: 'Change password' });
    fireEvent.submit(changePassword.closest('form')!);
    expect(await screen.findByText('Current password is required')).toBeTruthy();
    const createToken = screen.getByRole('button', { name: 'Create token' });
    fireEvent.submit(createToken.closest('form')!);
    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(calls.filter((c) => /changePassword|createApiToken/.test(c.path))).toEqual([]);
  });
});
