import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { calls, mockTrpc, TrpcFailure } from '../testing/msw';
import { ADMIN, renderApp } from '../testing/render';

const landing = {
  'auth.user': () => ADMIN,
  'customers.list': () => [],
  'casinos.list': () => [],
  'customerCasinos.list': () => [],
  'transactionTypes.list': () => [],
};

async function password() {
  fireEvent.change(await screen.findByLabelText('Email address'), { target: { value: 'ada@example.com' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Passw0rd!' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe("Login's second step", () => {
  it('asks for the code after the password, shows a wrong code, then signs in with a recovery code', async () => {
    let tries = 0;
    mockTrpc({
      ...landing,
      'auth.login': () => ({ twoFactorRequired: true, challengeToken: 'challenge-1' }),
      'auth.loginTwoFactor': (input) => {
        tries += 1;
        if ('code' in input) throw new TrpcFailure(401, 'That code is not valid. Try the newest code from your app.');
        return { token: 'after-recovery' };
      },
    });
    const { router } = renderApp('/login', { signedIn: false });
    await password();
    expect(await screen.findByText('Enter the 6-digit code from your authenticator app.')).toBeTruthy();
    expect(localStorage.getItem('auth_token')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the 6-digit code')).toBeTruthy();
    expect(tries).toBe(0);
    fireEvent.change(screen.getByLabelText('Authentication code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      expect.stringContaining('That code is not valid. Try the newest code from your app.'),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    fireEvent.change(screen.getByLabelText('Recovery code'), { target: { value: 'ABCDE-FGHIJ-KLMNO-PQRST' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(localStorage.getItem('auth_token')).toBe('after-recovery');
    expect(calls.filter((c) => c.path === 'auth.loginTwoFactor').map((c) => c.input)).toEqual([
      { challengeToken: 'challenge-1', code: '123456' },
      { challengeToken: 'challenge-1', recoveryCode: 'ABCDE-FGHIJ-KLMNO-PQRST' },
    ]);
  });

  it('goes back to the password with the message when the challenge died', async () => {
    mockTrpc({
      'auth.login': () => ({ twoFactorRequired: true, challengeToken: 'challenge-2' }),
      'auth.loginTwoFactor': () => {
        throw new TrpcFailure(401, 'Too many wrong codes. Sign in again.');
      },
    });
    renderApp('/login', { signedIn: false });
    await password();
    fireEvent.change(await screen.findByLabelText('Authentication code'), { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Welcome back')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Too many wrong codes. Sign in again.');
    expect(screen.getByLabelText('Password')).toHaveProperty('value', '');
  });
});
