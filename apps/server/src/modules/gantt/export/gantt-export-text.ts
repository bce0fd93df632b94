import * as fontkit from "fontkit";
import { FONT_FAMILY, ROBOTO_FILES } from "../../../lib/pdf/pdf-fonts.js";

/**
 * Fonts and text fitting of the export. The drawing never relies on the machine's fonts (a CI box or a
 * container may have none): it names Roboto, and the PNG renderer and pdfmake both load the Roboto files
 * that the pdfmake package ships. Widths are measured on the same files, so an ellipsised title fits in
 * both formats.
 */

// The fonts live with the shared PDF helpers (lib/pdf/); the drawing and its measures use the same files.
export { FONT_FAMILY, ROBOTO_FILES };

const ELLIPSIS = "\u2026";

interface Metrics {
  font: fontkit.Font;
  advances: Map<number, number>;
}

const metrics = new Map<"normal" | "bold", Metrics>();

function metricsOf(weight: "normal" | "bold"): Metrics {
  const known = metrics.get(weight);
  if (known) return known;
  const opened = fontkit.openSync(ROBOTO_FILES[weight]);
  if (!("glyphForCodePoint" in opened)) throw new Error(`${ROBOTO_FILES[weight]} is a font collection, not one font`);
  const loaded = { font: opened, advances: new Map<number, number>() };
  metrics.set(weight, loaded);
  return loaded;
}

/** Width in px of `text` set in Roboto at `size` px (kerning ignored: it only ever narrows Roboto text). */
export function measureText(text: string, size: number, weight: "normal" | "bold" = "normal"): number {
  const { font, advances } = metricsOf(weight);
  let units = 0;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    let advance = advances.get(code);
    if (advance === undefined) {
      advance = font.glyphForCodePoint(code).advanceWidth;
      advances.set(code, advance);
    }
    units += advance;
  }
  return (units * size) / font.unitsPerEm;
}

/**
 * `text` cut to fit `maxWidth` px with an ellipsis at the end; the whole text when it fits, "" when not even
 * the ellipsis does.
 */
export function fitText(text: string, maxWidth: number, size: number, weight: "normal" | "bold" = "normal"): string {
  if (measureText(text, size, weight) <= maxWidth) return text;
  const chars = Array.from(text);
  let low = 0;
  let high = chars.length - 1;
  let best = -1;
  // The width of a prefix only grows with its length, so a binary search finds the longest one that fits.
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (measureText(chars.slice(0, middle).join("").trimEnd() + ELLIPSIS, size, weight) <= maxWidth) {
      best = middle;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  return best < 0 ? "" : chars.slice(0, best).join("").trimEnd() + ELLIPSIS;
}

// Characters XML 1.0 forbids (C0 controls other than tab, line feed, carriage return; U+FFFE/FFFF) and lone
// surrogates: one of them in a task title would make the whole SVG unreadable for both renderers.
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** One line of display text: forbidden characters dropped, line breaks and tabs as single spaces. */
export function cleanText(text: string): string {
  return text.replace(NOT_XML, "").replace(/\s+/g, " ").trim();
}

/** `text` safe inside an XML element or a double-quoted attribute. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
