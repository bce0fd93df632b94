/** "pro" -> "Pro": plan names are stored in lowercase. */
export function planLabel(plan: string | null): string {
  if (!plan) return "";
  return plan
    .split(/[_-]/)
    .filter((part) => part.length > 0)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join(" ");
}

/** "2027-05-01" -> "05/01/2027", the documents' display format. */
export function displayDay(day: string | null): string {
  if (!day) return "";
  const [year, month, date] = day.slice(0, 10).split("-");
  return year && month && date ? `${month}/${date}/${year}` : day;
}
