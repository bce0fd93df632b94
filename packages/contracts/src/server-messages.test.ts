import { describe, expect, it } from "vitest";
import { fillTemplate, isMessageKey, MESSAGES, messageTemplate, renderMessage, type MessageKey } from "./server-messages.js";

/** Every key of the catalogue with its template. */
function entries(): Array<[MessageKey, string]> {
  return Object.entries(MESSAGES).flatMap(([area, messages]) =>
    Object.entries(messages).map(([name, template]): [MessageKey, string] => [`${area}.${name}` as MessageKey, template]),
  );
}

/** The `{{param}}` names a template uses. */
function placeholders(template: string): string[] {
  return [...template.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1] ?? "");
}

describe("the server message catalogue", () => {
  it("renders every key with its parameters, leaving no placeholder behind", () => {
    for (const [key, template] of entries()) {
      const params = Object.fromEntries(placeholders(template).map((name, index) => [name, `value${index}`]));
      const text = renderMessage(key, params as never);
      expect(text, key).not.toMatch(/\{\{|\}\}/);
      for (const value of Object.values(params)) expect(text, key).toContain(value);
      expect(text.trim(), key).toBe(text);
      expect(text.length, key).toBeGreaterThan(3);
    }
  });

  it("keeps the English of today's answers exactly", () => {
    expect(renderMessage("tasks.task_not_found", {})).toBe("Task not found");
    expect(renderMessage("pages.page_with_path_already_exists", { path: "/team" })).toBe("A page with the path /team already exists.");
    expect(renderMessage("task_lists.too_many_tasks_listed", { max: 10000, lists: 20, per_list: 1000 })).toBe(
      "At most 10000 tasks can be listed at once (here 20 lists x 1000 tasks); ask for fewer lists per page or fewer tasks per list.",
    );
  });

  it("types parameters per key", () => {
    // @ts-expect-error: this key's template has a {{path}} parameter.
    renderMessage("pages.page_with_path_already_exists", {});
    // @ts-expect-error: no such key.
    renderMessage("tasks.no_such_message", {});
    expect(true).toBe(true);
  });

  it("tells catalogue keys from other strings", () => {
    expect(isMessageKey("tasks.task_not_found")).toBe(true);
    expect(isMessageKey("tasks.nope")).toBe(false);
    expect(isMessageKey("toString.x")).toBe(false);
    expect(isMessageKey("tasks")).toBe(false);
    expect(messageTemplate("common.forbidden")).toBe("You do not have permission to do this");
  });

  it("leaves a missing parameter visible rather than dropping it", () => {
    expect(fillTemplate("Hello {{name}} and {{other}}", { name: "Ann" })).toBe("Hello Ann and {{other}}");
  });
});
