import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { calls, mockTrpc } from '../testing/msw';
import { renderApp } from '../testing/render';

const submit = () => screen.getByRole('button', { name: 'Reset Password' });

describe('Reset password screen', () => {
  it('refuses a missing token and disables submit', async () => {
    mockTrpc({});
    renderApp('/reset-password', { signedIn: false });
    expect(await screen.findByText('Invalid reset link. Please request a new password reset.')).toBeTruthy();
    expect(submit()).toHaveProperty('disabled', true);
  });

  it('ticks the live checklist and catches a mismatch before calling the server', async () => {
    mockTrpc({});
    renderApp('/reset-password?token=abc', { signedIn: false });
    const password = await screen.findByLabelText('New Password');
    fireEvent.change(password, { target: { value: 'abcdefgh' } });
    const met = () => [...document.querySelectorAll('[aria-label="Password requirements"] li')].map((li) => li.getAttribute('data-met'));
    expect(met()).toEqual(['true', 'true', 'false', 'false']);
    fireEvent.change(password, { target: { value: 'Abcdefg1' } });
    expect(met()).toEqual(['true', 'true', 'true', 'true']);
    fireEvent.change(screen.getByLabelText('Confirm New Password'), { target: { value: 'Abcdefg2' } });
    fireEvent.click(submit());
    expect((await screen.findAllByText('Passwords do not match')).length).toBeGreaterThan(0);
    expect(calls).toHaveLength(0);
  });

  it('resets, shows the success screen and toast, then goes to / after 3 s', async () => {
    mockTrpc({ 'auth.resetPassword': (input) => (expect(input).toEqual({ token: 'abc', password: 'Abcdefg1' }), { message: 'ok' }) });
    const { router } = renderApp('/reset-password?token=abc', { signedIn: false });
    fireEvent.change(await screen.findByLabelText('New Password'), { target: { value: 'Abcdefg1' } });
    fireEvent.change(screen.getByLabelText('Confirm New Password'), { target: { value: 'Abcdefg1' } });
    fireEvent.click(submit());
    expect(await screen.findByText('Password Reset Successful!')).toBeTruthy();
    expect(screen.getByText('Your password has been reset successfully. You can now log in with your new password.')).toBeTruthy();
    expect(screen.getByText('Go to Login')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 4000 });
  });
});
