import { Avatar } from "@mantine/core";
import type { User } from "@plotline/contracts";

/**
 * Colours for initials whose dark text on the light tint keeps a 4.5:1 contrast (lime, yellow, orange,
 * green and teal do not).
 */
const INITIALS_COLORS = ["blue", "cyan", "indigo", "violet", "grape", "pink"];

/** A user's picture, or their initials on a colour chosen from their name. */
export function UserAvatar({ user, size = 32 }: { user: Pick<User, "display_name" | "avatar_url">; size?: number }) {
  return (
    <Avatar src={user.avatar_url} alt={user.display_name} name={user.display_name} color="initials" allowedInitialsColors={INITIALS_COLORS} size={size} radius="xl" />
  );
}
