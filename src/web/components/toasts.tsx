import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useEffect, useState } from 'react';
import { TOAST_DURATION_MS, TOAST_LIMIT } from '../../shared/constants';

const Notifications = lazy(() => import('./toasts-container').then((m) => ({ default: m.Notifications })));

/** Wait this long after start-up before fetching the toasts' code, unless a toast comes first. */
const FETCH_AFTER_MS = 3000;

/**
 * The toasts of spec sections 8 and 9 (lib/notify.ts shows them through Mantine's store, which is in the
 * start-up file). Mantine's container and its transitions are fetched a few seconds after start-up, or
 * at the first toast, whichever comes first, not before the first paint (decision 224): a toast shown
 * before then waits in the store and appears when they are in.
 */
export function Toasts() {
  const { notifications, queue } = useNotifications();
  const [wanted, setWanted] = useState(false);
  if (!wanted && notifications.length + queue.length > 0) setWanted(true);
  useEffect(() => {
    const timer = setTimeout(() => setWanted(true), FETCH_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);
  return wanted ? (
    <Suspense fallback={null}>
      <Notifications limit={TOAST_LIMIT} autoClose={TOAST_DURATION_MS} position="top-right" />
    </Suspense>
  ) : null;
}
