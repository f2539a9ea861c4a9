import { notifications } from '@mantine/notifications';

/** Toasts of spec sections 8 and 9: one visible at a time, 5000 ms (set on <Notifications>). */
export function notifySuccess(title: string | undefined, message: string): void {
  notifications.show({ title, message, color: 'teal', withBorder: true });
}

export function notifyError(title: string, message: string): void {
  notifications.show({ title, message, color: 'red', withBorder: true });
}

export function notifyInfo(title: string, message: string): void {
  notifications.show({ title, message, color: 'indigo', withBorder: true });
}
