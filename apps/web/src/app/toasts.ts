// The toasts' container, loaded after the first page (providers.tsx): its own module, as the
// package's index is in the first download anyway for `notifications.show` (ui/toast.tsx).
export { Notifications } from '@mantine/notifications';
