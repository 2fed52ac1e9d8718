// Mantine's toast host, its own chunk (with its transitions and portal): app/provider.tsx mounts
// it after the first screen's content. A toast shown before then waits in Mantine's store and
// appears when the host mounts.
import { Notifications } from '@mantine/notifications';

export function ToastHost() {
  return <Notifications className="app-notifications" position="top-right" limit={5} />;
}
