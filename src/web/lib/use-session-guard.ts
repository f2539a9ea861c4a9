import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { LOGIN_REDIRECT_DELAY_MS } from '../../shared/constants';
import { clearToken } from './auth-token';
import { isUnauthorized } from './errors';
import { notifyError } from './notify';

/**
 * Spec 8.2: a save that fails with 401 shows "You are logged out. Logging in again..." and goes to
 * /login after 500 ms. Returns true when it handled the error.
 */
export function useSessionGuard() {
  const navigate = useNavigate();
  return useCallback(
    (error: unknown): boolean => {
      if (!isUnauthorized(error)) return false;
      clearToken();
      notifyError('Unauthorized', 'You are logged out. Logging in again...');
      setTimeout(() => void navigate({ to: '/login' }), LOGIN_REDIRECT_DELAY_MS);
      return true;
    },
    [navigate],
  );
}
