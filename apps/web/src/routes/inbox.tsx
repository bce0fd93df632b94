import { InboxView } from "../features/notifications/components/InboxView.js";

/** `inbox`: what concerns the signed-in user, from every project. */
export function InboxPage() {
  return <InboxView />;
}
