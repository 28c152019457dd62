import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';

// Mantine's toast renderer (transitions, portal, swipe to dismiss) is not needed until there is a toast;
// the store behind `notifications.show()` is tiny and stays in the first load.
const Toasts = lazy(() => import('./toasts'));

/** The app's one toast host: mounts the renderer when the first toast is shown, and keeps it. */
export function ToastHost() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  ) : null;
}
