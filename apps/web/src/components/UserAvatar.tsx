import { Avatar } from "@mantine/core";
import type { User } from "@plotline/contracts";

/** A user's picture, or their initials on a colour chosen from their name. */
export function UserAvatar({ user, size = 32 }: { user: Pick<User, "display_name" | "avatar_url">; size?: number }) {
  return (
    <Avatar src={user.avatar_url} alt={user.display_name} name={user.display_name} color="initials" size={size} radius="xl" />
  );
}
