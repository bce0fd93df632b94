/**
 * Colours of the export, chosen to read on paper and on screen and to stay apart in greyscale: a
 * critical task is red in outline and fill, a done one is its own colour washed towards white.
 */
export const PALETTE = {
  background: "#ffffff",
  text: "#1d2939",
  mutedText: "#667085",
  headerBackground: "#f2f4f7",
  headerText: "#344054",
  listRow: "#f5f6f8",
  weekend: "#f4f5f7",
  rowLine: "#eaecf0",
  unitLine: "#eef0f3",
  tierLine: "#d0d5dd",
  divider: "#98a2b3",
  bar: { fill: "#d6e2ff", progress: "#3e63dd", stroke: "#3451b2" },
  critical: { fill: "#fee4e2", progress: "#e5484d", stroke: "#b42318" },
  summary: "#475467",
  milestone: { fill: "#8e4ec6", stroke: "#6e3aa3" },
  criticalMilestone: { fill: "#e5484d", stroke: "#b42318" },
  link: "#667085",
  criticalLink: "#d92d20",
  today: "#f79009",
} as const;

/** `hex` (#rrggbb) mixed with white; `amount` 0 keeps it, 1 gives white. Done tasks are drawn this way. */
export function washOut(hex: string, amount = 0.6): string {
  const value = Number.parseInt(hex.slice(1), 16);
  const channel = (shift: number): string => {
    const c = (value >> shift) & 0xff;
    return Math.round(c + (255 - c) * amount)
      .toString(16)
      .padStart(2, "0");
  };
  return `#${channel(16)}${channel(8)}${channel(0)}`;
}
