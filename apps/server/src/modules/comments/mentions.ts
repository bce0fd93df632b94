/**
 * Mentions as the editor writes them: `<span data-type="mention" data-id="7">@Ana</span>`. Read from
 * sanitised HTML, whose attributes are always double-quoted.
 */
const SPAN_TAG = /<span\b([^>]*)>/gi;
const ATTRIBUTE = /([\w-]+)="([^"]*)"/g;

/** The user ids mentioned in sanitised comment HTML, each once, in order of first mention. */
export function mentionedUserIds(html: string): number[] {
  const ids: number[] = [];
  for (const [, attributes = ""] of html.matchAll(SPAN_TAG)) {
    const values = new Map([...attributes.matchAll(ATTRIBUTE)].map(([, name = "", value = ""]) => [name.toLowerCase(), value]));
    if (values.get("data-type") !== "mention") continue;
    const id = Number(values.get("data-id"));
    if (Number.isInteger(id) && id > 0 && !ids.includes(id)) ids.push(id);
  }
  return ids;
}
