import { describe, expect, it } from "vitest";
import { plainTextOfHtml } from "../../db/sqlite-functions.js";
import { fts5Query, fts5TitleQuery, likePattern, markTitle, parseQuery, snippetOf, trigramQuery, tsQuery, tsTitleQuery } from "./search.text.js";

describe("parseQuery", () => {
  it("splits on anything but letters and digits, lower-cased, without repeats", () => {
    expect(parseQuery("  Homep, \"DES\"* OR déjà homep ")).toEqual({ words: ["homep", "des", "or", "déjà"], phrase: 'homep, "des"* or déjà homep' });
  });

  it("builds engine queries that carry no operator from the text", () => {
    const { words, phrase } = parseQuery('a" OR b:* & c');
    expect(fts5Query(words)).toBe('"a"* AND "or"* AND "b"* AND "c"*');
    expect(tsQuery(words)).toBe("a:* & or:* & b:* & c:*");
    expect(fts5TitleQuery(words)).toBe('title : ("a"* AND "or"* AND "b"* AND "c"*)');
    expect(tsTitleQuery(words)).toBe("a:*A & or:*A & b:*A & c:*A");
    expect(trigramQuery(phrase)).toBe('"a"" or b:* & c"');
    expect(likePattern("50%_off\\")).toBe("%50\\%\\_off\\\\%");
  });
});

describe("marking", () => {
  it("marks the typed start of matching words, and the phrase inside words", () => {
    expect(markTitle("Design the Homepage", parseQuery("homep"))).toEqual([
      { text: "Design the ", match: false },
      { text: "Homep", match: true },
      { text: "age", match: false },
    ]);
    expect(markTitle("Lemurhomepage", parseQuery("page"))).toEqual([{ text: "Lemurhome", match: false }, { text: "page", match: true }]);
  });

  it("cuts a long body around the first match, with ellipses", () => {
    const body = `${"lorem ipsum ".repeat(20)}the kiwifruit palette ${"dolor sit ".repeat(30)}`;
    const snippet = snippetOf(body.trim(), parseQuery("kiwi"));
    expect(snippet[0]).toEqual({ text: "…", match: false });
    expect(snippet[snippet.length - 1]).toEqual({ text: "…", match: false });
    expect(snippet.filter((part) => part.match)).toEqual([{ text: "kiwi", match: true }]);
    expect(snippet.map((part) => part.text).join("").length).toBeLessThan(200);
  });

  it("gives no excerpt when only the title matched, unless asked", () => {
    expect(snippetOf("nothing here", parseQuery("kiwi"))).toEqual([]);
    expect(snippetOf("nothing here", parseQuery("kiwi"), true)).toEqual([{ text: "nothing here", match: false }]);
  });
});

describe("plainTextOfHtml", () => {
  it("keeps words apart across blocks, together across inline tags, and decodes entities", () => {
    expect(plainTextOfHtml("<p>One</p><p><strong>Home</strong>page &amp; &lt;b&gt; <a href=\"https://x.test/zebra\">link</a></p>")).toBe("One Homepage & <b> link");
    expect(plainTextOfHtml(null)).toBe("");
  });
});
