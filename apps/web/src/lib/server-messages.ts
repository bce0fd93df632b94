import { isMessageKey, type ErrorBody, type MessageRef } from "@plotline/contracts";
import i18next from "i18next";
import type { TranslationKey } from "../i18n/keys.js";

/**
 * A server message in the reader's language: its catalogue key and parameters through i18n
 * (`server_messages.<key>`), or the English the server sent when it came without a key or with one this
 * build does not know (a newer server).
 */
export function translateServerMessage(ref: MessageRef | null | undefined, english: string): string {
  if (!ref || !isMessageKey(ref.key) || !i18next.isInitialized) return english;
  // The key is checked against contracts' catalogue above, which the English catalogue holds whole.
  const key = `server_messages.${ref.key}` as TranslationKey;
  return i18next.t(key, { ...ref.params, defaultValue: english });
}

/**
 * An error body with `message`, `messages` and `data.params` in the reader's language. The one place the
 * web translates server errors: toasts and form fields read the body this returns.
 */
export function translateErrorBody(body: ErrorBody): ErrorBody {
  const said = new Map<string, string>();
  const message = translateServerMessage(body.message_key ? { key: body.message_key, params: body.message_params ?? {} } : null, body.message);
  said.set(body.message, message);
  const keys = body.data.params_keys ?? {};
  const params = body.data.params && Object.fromEntries(
    Object.entries(body.data.params).map(([field, texts]) => [
      field,
      texts.map((text, index) => {
        const translated = translateServerMessage(keys[field]?.[index], text);
        said.set(text, translated);
        return translated;
      }),
    ]),
  );
  // `messages` repeats `message` and the field messages; each takes the translation of its English text.
  const messages = body.messages.map((text) => said.get(text) ?? text);
  return { ...body, message, messages, data: params ? { ...body.data, params } : body.data };
}
