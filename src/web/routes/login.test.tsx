import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { calls, mockTrpc, TrpcFailure } from '../testing/msw';
import { ADMIN, renderApp } from '../testing/render';

describe('Login screen', () => {
  it('shows the spec texts and validates before calling the server', async () => {
    mockTrpc({});
    renderApp('/login', { signedIn: false });
    expect(await screen.findByText('Welcome back')).toBeTruthy();
    expect(screen.getByText('Sign in to your account to continue')).toBeTruthy();
    expect(screen.getByText('Need access? Contact your administrator.')).toBeTruthy();
    expect(screen.queryByTestId('session-ended')).toBeNull();
    fireEvent.change(screen.getByLabelText('Email address'), { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter a valid email address')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it("shows the server's message when sign-in fails", async () => {
    mockTrpc({
      'auth.login': () => {
        throw new TrpcFailure(401, 'Invalid email or password');
      },
    });
    renderApp('/login', { signedIn: false });
    fireEvent.change(await screen.findByLabelText('Email address'), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', expect.stringContaining('Invalid email or password'));
    expect(localStorage.getItem('auth_token')).toBeNull();
  });

  it('stores the token under auth_token and lands on / signed in', async () => {
    mockTrpc({
      'auth.login': (input) => {
        expect(input).toEqual({ email: 'ada@example.com', password: 'Passw0rd!' });
        return { token: 'fresh-token' };
      },
      'auth.user': () => ADMIN,
      // The Add Transaction screen it lands on loads the form's choices.
      'customers.list': () => [],
      'casinos.list': () => [],
      'customerCasinos.list': () => [],
      'transactionTypes.list': () => [],
    });
    const { router } = renderApp('/login', { signedIn: false });
    fireEvent.change(await screen.findByLabelText('Email address'), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Passw0rd!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(localStorage.getItem('auth_token')).toBe('fresh-token');
    expect(await screen.findByText('Quick entry for casino transactions')).toBeTruthy();
    expect(screen.getAllByText('Ada Admin').length).toBeGreaterThan(0);
  });

  it('shows the login screen at / when signed out, and 404 for unknown paths', async () => {
    mockTrpc({});
    renderApp('/', { signedIn: false });
    expect(await screen.findByText('Welcome back')).toBeTruthy();
    renderApp('/no/such/page', { signedIn: false });
    expect(await screen.findByText('404 Page Not Found')).toBeTruthy();
  });

  it('sends a signed-out visitor of a signed-in page to /login with the Unauthorized toast', async () => {
    mockTrpc({});
    const { router } = renderApp('/dashboard', { signedIn: false });
    expect(await screen.findByText('You are logged out. Logging in again...')).toBeTruthy();
    expect(screen.getByText('Unauthorized')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 2000 });
  });

  it("names a field's problem when it is left, and clears it as the field is edited", async () => {
    mockTrpc({});
    renderApp('/login', { signedIn: false });
    const email = await screen.findByLabelText('Email address');
    fireEvent.change(email, { target: { value: 'ada@' } });
    expect(screen.queryByText('Enter a valid email address')).toBeNull();
    fireEvent.blur(email);
    expect(await screen.findByText('Enter a valid email address')).toBeTruthy();
    expect(screen.queryByText('Password is required')).toBeNull();
    fireEvent.change(email, { target: { value: 'ada@example.com' } });
    expect(screen.queryByText('Enter a valid email address')).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it('after the server ends a session (a role change), keeps the spec toast and says on the login screen to sign in again', async () => {
    const refused = () => {
      throw new TrpcFailure(401, 'Unauthorized');
    };
    // The screen's first reads go out beside the check, and are refused as well.
    mockTrpc({ 'auth.user': refused, 'customers.list': refused, 'customerCasinos.list': refused });
    const { router } = renderApp('/customers');
    expect(await screen.findByText('You are logged out. Logging in again...')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 2000 });
    expect((await screen.findByTestId('session-ended')).textContent).toBe(
      'Sign in againYour session has ended: a change of your role or password, or a sign-out elsewhere, ends it. Sign in again to continue.',
    );
  });
});
