import { createRequire } from "node:module";
import { dirname, join } from "node:path";

/**
 * The fonts every server-made PDF and drawing uses: Roboto as the pdfmake package ships it. The machine's
 * own fonts are never relied on (a CI box or a container may have none).
 */

const require = createRequire(import.meta.url);
const ROBOTO_DIR = join(dirname(require.resolve("pdfmake/package.json")), "fonts", "Roboto");

/** The Roboto files shipped with pdfmake; "bold" is Roboto Medium, as pdfmake itself maps it. */
export const ROBOTO_FILES = {
  normal: join(ROBOTO_DIR, "Roboto-Regular.ttf"),
  bold: join(ROBOTO_DIR, "Roboto-Medium.ttf"),
  italics: join(ROBOTO_DIR, "Roboto-Italic.ttf"),
  bolditalics: join(ROBOTO_DIR, "Roboto-MediumItalic.ttf"),
} as const;

/** The family name documents and drawings give. */
export const FONT_FAMILY = "Roboto";
