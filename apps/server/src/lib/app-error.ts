import { errorStatus, renderMessage, type ErrorCode, type MessageKey, type MessageParams, type MessageRef } from "@plotline/contracts";

/** Messages per request field, e.g. `{ title: ["Label name required!"] }`. */
export type FieldMessages = Record<string, string[]>;

/** A catalogue message: its key and parameters, and its English text for API clients. */
export interface Said extends MessageRef {
  /** The English text, exactly what the API has always sent. */
  text: string;
}

/** A message as a service gives it: a catalogue message, or (for what has no key yet) plain English. */
export type Text = string | Said;

/**
 * Names a catalogue message with its parameters: `say("tasks.task_not_found")`,
 * `say("pages.page_with_path_already_exists", { path })`. Parameters are typed by the key's template.
 */
export function say<K extends MessageKey>(key: K, ...params: keyof MessageParams<K> extends never ? [] : [MessageParams<K>]): Said {
  const values = (params[0] ?? {}) as MessageParams<K>;
  return { key, params: values, text: renderMessage(key, values) };
}

function textOf(message: Text): string {
  return typeof message === "string" ? message : message.text;
}

function refOf(message: Text): MessageRef | null {
  return typeof message === "string" ? null : { key: message.key, params: message.params };
}

/**
 * The one error type services throw. The error handler turns it into the error envelope with the HTTP
 * status that the code maps to in contracts' `errorStatus`.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly params: FieldMessages | undefined;
  /** The catalogue key and parameters of `message`; null when it was given as plain English. */
  readonly messageRef: MessageRef | null;
  /** The key and parameters of each message in `params`, in order (null where plain English). */
  readonly paramRefs: Record<string, Array<MessageRef | null>> | undefined;
  /** Extra top-level fields of the error body, such as `error_type`. */
  readonly extra: Record<string, unknown> | undefined;

  constructor(code: ErrorCode, message: Text, options: { params?: Record<string, Text[]>; extra?: Record<string, unknown> } = {}) {
    super(textOf(message));
    this.name = "AppError";
    this.code = code;
    this.status = errorStatus[code];
    this.messageRef = refOf(message);
    const entries = Object.entries(options.params ?? {});
    this.params = options.params && Object.fromEntries(entries.map(([field, messages]) => [field, messages.map(textOf)]));
    this.paramRefs = options.params && Object.fromEntries(entries.map(([field, messages]) => [field, messages.map(refOf)]));
    this.extra = options.extra;
  }
}

/** A 400 for one field, with the message the user sees. */
export function invalidField(field: string, message: Text): AppError {
  return new AppError("rest_invalid_param", message, { params: { [field]: [message] } });
}

/**
 * A 404 for a record that does not exist or that the caller may not know exists: a catalogue message
 * (`say("tasks.task_not_found")`), or the noun of what was not found ("Comment" -> "Comment not found").
 */
export function notFound(what: Text): AppError {
  return new AppError("not_found", typeof what === "string" ? `${what} not found` : what);
}

/** A 403 for an action the caller may not take. */
export function forbidden(message: Text = say("common.forbidden")): AppError {
  return new AppError("forbidden", message);
}
