import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { commitReferences, textToHtml, titleFrom } from "./code-hosting-events.js";
import { isSignatureValid, signBody } from "./code-hosting-signature.js";

describe("commitReferences", () => {
  it("reads the tasks (PL-id) and issues (#number) a commit closes, each once", () => {
    expect(commitReferences("Fixes PL-12")).toEqual({ taskIds: [12], issueNumbers: [] });
    expect(commitReferences("closes #3, #4 and PL-5\n\nresolved: #3")).toEqual({ taskIds: [5], issueNumbers: [3, 4] });
    expect(commitReferences("FIXED pl-7; Resolves #8")).toEqual({ taskIds: [7], issueNumbers: [8] });
    // Numbers past what an integer column holds name nothing (and must not reach a query).
    expect(commitReferences("Fixes PL-3000000000, closes #2147483648")).toEqual({ taskIds: [], issueNumbers: [] });
  });

  it("ignores references without a closing keyword, and keywords inside other words", () => {
    expect(commitReferences("See PL-12 and #3")).toEqual({ taskIds: [], issueNumbers: [] });
    expect(commitReferences("prefixes #3, unclosed #4")).toEqual({ taskIds: [], issueNumbers: [] });
  });
});

describe("textToHtml and titleFrom", () => {
  it("renders the Markdown, keeping its paragraphs and single line breaks", () => {
    expect(textToHtml("Steps: **Sign in** & `login`\r\nnext\n\n\nsecond\u0000")).toBe("<p>Steps: <strong>Sign in</strong> &amp; <code>login</code><br>next</p>\n<p>second</p>");
    expect(textToHtml("- one\n- two")).toBe("<ul>\n<li>one</li>\n<li>two</li>\n</ul>");
    expect(textToHtml("  \n\n ")).toBe("");
  });

  it("makes one line of at most 255 characters, or the fallback", () => {
    expect(titleFrom(" Two\nlines\u0007 ", "x")).toBe("Two lines");
    expect(titleFrom("", "Issue #4")).toBe("Issue #4");
    expect(titleFrom("y".repeat(300), "x")).toHaveLength(255);
  });
});

describe("isSignatureValid", () => {
  const body = Buffer.from('{"zen":"Design for failure."}');

  it("accepts sha256= and the hex HMAC-SHA256 of the exact bytes", () => {
    const hex = createHmac("sha256", "s3cret").update(body).digest("hex");
    expect(signBody("s3cret", body)).toBe(`sha256=${hex}`);
    expect(isSignatureValid("s3cret", body, `sha256=${hex}`)).toBe(true);
    expect(isSignatureValid("s3cret", body, `sha256=${hex.toUpperCase()}`)).toBe(true);
  });

  it("refuses another secret, other bytes, another scheme and malformed values", () => {
    const signature = signBody("s3cret", body);
    expect(isSignatureValid("other", body, signature)).toBe(false);
    expect(isSignatureValid("s3cret", Buffer.from(`${body.toString()} `), signature)).toBe(false);
    expect(isSignatureValid("s3cret", body, signature.replace("sha256=", "sha1="))).toBe(false);
    expect(isSignatureValid("s3cret", body, "sha256=abc")).toBe(false);
    expect(isSignatureValid("s3cret", body, undefined)).toBe(false);
  });
});
