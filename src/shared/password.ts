import { PASSWORD_MIN_LENGTH } from './constants';

export interface PasswordRule {
  label: string;
  message: string;
  test: (password: string) => boolean;
}

/** The password rules of spec section 5, in the order they are checked. */
export const PASSWORD_RULES: readonly PasswordRule[] = [
  {
    label: `At least ${PASSWORD_MIN_LENGTH} characters`,
    message: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`,
    test: (p) => p.length >= PASSWORD_MIN_LENGTH,
  },
  {
    label: 'One lowercase letter',
    message: 'Password must contain at least one lowercase letter',
    test: (p) => /[a-z]/.test(p),
  },
  {
    label: 'One uppercase letter',
    message: 'Password must contain at least one uppercase letter',
    test: (p) => /[A-Z]/.test(p),
  },
  {
    label: 'One number',
    message: 'Password must contain at least one number',
    test: (p) => /[0-9]/.test(p),
  },
];

/** The first broken rule's message, or null when the password is acceptable. */
export function passwordProblem(password: string): string | null {
  const broken = PASSWORD_RULES.find((rule) => !rule.test(password));
  return broken ? broken.message : null;
}
