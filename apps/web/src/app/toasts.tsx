import { Notifications } from '@mantine/notifications';

/** Where toasts appear; loaded by the toast host with the first one. */
export default function Toasts() {
  return <Notifications position="top-center" />;
}
