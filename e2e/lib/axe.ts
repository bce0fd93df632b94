import fs from "node:fs";
import { createRequire } from "node:module";
import type { AxeResults, ImpactValue } from "axe-core";
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { settled } from "./browser.js";

const require = createRequire(import.meta.url);
/** axe-core's own bundle, read once. */
const AXE_SOURCE = fs.readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

/** The impacts a journey refuses. */
const REFUSED: readonly ImpactValue[] = ["critical", "serious"];

/** What one violation looks like in a failure message: rule, impact, help, and the first elements. */
function describeViolation(violation: AxeResults["violations"][number]): string {
  const nodes = violation.nodes.slice(0, 5).map((node) => `    ${node.target.join(" ")}: ${(node.failureSummary ?? "").replace(/\s+/g, " ").trim()}`);
  const more = violation.nodes.length > 5 ? [`    ... and ${violation.nodes.length - 5} more`] : [];
  return [`  ${violation.impact} ${violation.id}: ${violation.help} (${violation.helpUrl})`, ...nodes, ...more].join("\n");
}

/**
 * Runs axe-core on the page as it is now and fails, naming each rule and element, on any violation of
 * critical or serious impact. `name` says which screen, in the message. Wait for the screen's content
 * before calling: axe checks what is on the page, not what is coming. It waits for animations to end
 * itself, since text fading in or out reads as text of too little contrast.
 *
 * axe is run by evaluating its source in the page (a plain `page.evaluate`, which the page's Content
 * Security Policy does not govern), not by a script tag, which the CSP would refuse and report as a page
 * error.
 */
export async function expectNoSeriousAxeViolations(page: Page, name: string): Promise<void> {
  await settled(page);
  const hasAxe = await page.evaluate(() => "axe" in window);
  if (!hasAxe) await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(async () => {
    const { axe } = window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } };
    return axe.run(document, { resultTypes: ["violations"] });
  });
  const refused = results.violations.filter((violation) => violation.impact && REFUSED.includes(violation.impact));
  expect(refused.map((violation) => violation.id), `axe on ${name}:\n${refused.map(describeViolation).join("\n")}`).toEqual([]);
}
