/** The status filter's choices, in the tabs' order: all, then Incomplete, Partial, Complete. */
export const STATUS_FILTERS = ["all", "0", "3", "1"] as const;

/** The status of `?status=`: 0, 1 or 3, or null (all) for anything else. */
export function statusOf(raw: string | null): 0 | 1 | 3 | null {
  if (raw === "0") return 0;
  if (raw === "1") return 1;
  if (raw === "3") return 3;
  return null;
}

/** The page of `?page=`: a whole number from 1, else 1. */
export function pageOf(raw: string | null): number {
  const page = raw && /^\d+$/.test(raw) ? Number(raw) : 1;
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}
