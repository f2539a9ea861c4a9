// Mantine's toasts container, in a chunk of its own (components/toasts.tsx).
export { Notifications } from '@mantine/notifications';
