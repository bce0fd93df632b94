import { randomBytes } from "node:crypto";

/**
 * The texts of the fragments met by the answer `serializePresented` is writing now (one at a time:
 * JSON.stringify is synchronous); null outside it.
 */
let collecting: string[] | null = null;

// What a fragment stands for while its answer is serialised: a string no presented value can hold, since
// the token is drawn afresh by each process.
const MARK = `\u0000json-fragment-${randomBytes(8).toString("hex")}:`;
// The marker as JSON.stringify writes it, quotes included: `"\u0000json-fragment-…:3"`.
const MARKED = new RegExp(`"${JSON.stringify(MARK).slice(1, -1).replace(/\\/g, "\\\\")}(\\d+)"`, "g");

/**
 * A value of type T already serialised to JSON, sent as it is inside an answer: a cache keeps the text of
 * what it presents rather than the objects, and no answer serialises it again. Anywhere else (a log, a
 * test's JSON.stringify) it serialises as the value its text holds.
 */
export class JsonFragment<T> {
  /** Never set: ties the fragment to the type of the value its text holds. */
  declare readonly valueType?: T;

  constructor(readonly json: string) {}

  toJSON(): unknown {
    if (collecting === null) return JSON.parse(this.json);
    collecting.push(this.json);
    return `${MARK}${collecting.length - 1}`;
  }

  /** The fragment where a presenter's type wants the value: serialised, both read the same. */
  asValue(): T {
    return this as unknown as T;
  }
}

/**
 * An object's JSON without its closing brace: what a cache keeps of an answer every reader shares, to be
 * finished per reader with `finishObject` (their abilities, say).
 */
export function openObject(value: object): string {
  return JSON.stringify(value).slice(0, -1);
}

/** The object `head` opened, with `tail` (JSON members, `"key":value,…`) as its last fields, sent as it is. */
export function finishObject<T>(head: string, tail: string): T {
  return new JsonFragment<T>(head === "{" ? `{${tail}}` : `${head},${tail}}`).asValue();
}

/** Whether the answer is `{ data: <one kept answer> }`, the envelope of every cached single record. */
function isEnvelopeOfFragment(data: unknown): data is { data: JsonFragment<unknown> } {
  if (typeof data !== "object" || data === null || !((data as { data?: unknown }).data instanceof JsonFragment)) return false;
  for (const key in data) if (key !== "data") return false;
  return true;
}

/** JSON.stringify, with each JsonFragment's text put in as it is, and how many fragments there were. */
export function serializePresented(data: unknown): { text: string; fragments: number } {
  if (isEnvelopeOfFragment(data)) return { text: `{"data":${data.data.json}}`, fragments: 1 };
  const fragments: string[] = [];
  collecting = fragments;
  let text: string;
  try {
    text = JSON.stringify(data);
  } finally {
    collecting = null;
  }
  if (fragments.length === 0) return { text, fragments: 0 };
  return { text: text.replace(MARKED, (_match, index: string) => fragments[Number(index)] ?? "null"), fragments: fragments.length };
}

/** JSON.stringify, with each JsonFragment's text put in as it is. */
export function stringifyPresented(data: unknown): string {
  return serializePresented(data).text;
}
