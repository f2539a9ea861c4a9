import { notifications } from '@mantine/notifications';

/**
 * Toasts of spec sections 8 and 9: one visible at a time, 5000 ms (set on <Notifications>).
 * A new toast replaces the visible one rather than waiting behind it.
 */
function show(title: string | undefined, message: string, color: string): void {
  notifications.clean();
  notifications.show({ title, message, color, withBorder: true });
}

export const notifySuccess = (title: string | undefined, message: string) => show(title, message, 'teal');
export const notifyError = (title: string, message: string) => show(title, message, 'red');
