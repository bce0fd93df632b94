import type { ErrorBody } from "@plotline/contracts";
import i18next from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { en } from "../i18n/en.js";
import { translateErrorBody, translateServerMessage } from "./server-messages.js";

/** A second language with two server messages, to see translation by key (English for the rest). */
const fr = {
  server_messages: {
    tasks: { task_not_found: "Tâche introuvable" },
    pages: { page_with_path_already_exists: "Une page a déjà le chemin {{path}}." },
  },
};

beforeAll(async () => {
  await i18next.init({ lng: "fr", fallbackLng: "en", resources: { en: { translation: en }, fr: { translation: fr } }, interpolation: { escapeValue: false } });
});

describe("translateServerMessage", () => {
  it("says a keyed message in the reader's language with its parameters", () => {
    expect(translateServerMessage({ key: "pages.page_with_path_already_exists", params: { path: "/team" } }, "A page with the path /team already exists.")).toBe(
      "Une page a déjà le chemin /team.",
    );
  });

  it("falls back to the English catalogue for a key the language lacks", () => {
    expect(translateServerMessage({ key: "tasks.cannot_create_tasks", params: {} }, "sent")).toBe("You do not have permission to create tasks in this project.");
  });

  it("keeps the server's English for an unknown key or no key", () => {
    expect(translateServerMessage({ key: "tasks.from_a_newer_server", params: {} }, "Sent in English")).toBe("Sent in English");
    expect(translateServerMessage(null, "Sent in English")).toBe("Sent in English");
  });
});

describe("translateErrorBody", () => {
  it("translates message, messages and field messages by their keys, leaving unkeyed ones in English", () => {
    const body: ErrorBody = {
      code: "rest_invalid_param",
      message: "A page with the path /team already exists.",
      messages: ["A page with the path /team already exists.", "title is required"],
      data: {
        status: 400,
        params: { path: ["A page with the path /team already exists."], title: ["title is required"] },
        params_keys: { path: [{ key: "pages.page_with_path_already_exists", params: { path: "/team" } }], title: [null] },
      },
      message_key: "pages.page_with_path_already_exists",
      message_params: { path: "/team" },
    };
    const said = translateErrorBody(body);
    expect(said.message).toBe("Une page a déjà le chemin /team.");
    expect(said.messages).toEqual(["Une page a déjà le chemin /team.", "title is required"]);
    expect(said.data.params).toEqual({ path: ["Une page a déjà le chemin /team."], title: ["title is required"] });
    expect(said.code).toBe("rest_invalid_param");
  });

  it("leaves a body without keys as it came", () => {
    const body: ErrorBody = { code: "not_found", message: "No route for GET /x", messages: ["No route for GET /x"], data: { status: 404 } };
    expect(translateErrorBody(body)).toEqual(body);
  });
});
