/** "pro" -> "Pro": plan names are stored in lowercase. */
export function planLabel(plan: string | null): string {
  if (!plan) return "";
  return plan
    .split(/[_-]/)
    .filter((part) => part.length > 0)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join(" ");
}
