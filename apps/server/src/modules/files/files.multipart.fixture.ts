/** A file part of a test's multipart body. */
export interface TestFile {
  name: string;
  bytes: Buffer;
  type?: string;
}

/**
 * A multipart body as a browser sends it: text fields (a list repeats a name, as `notify_users[]`) and file
 * parts named `files[]`. For `session.inject({ method, url, ...multipart(...) })`.
 */
export function multipart(fields: Record<string, string | readonly string[]>, files: readonly TestFile[] = []) {
  const boundary = `----plotline${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    for (const one of typeof value === "string" ? [value] : value) {
      parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${one}\r\n`));
    }
  }
  for (const file of files) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files[]"; filename="${file.name}"\r\nContent-Type: ${file.type ?? "application/octet-stream"}\r\n\r\n`));
    parts.push(file.bytes, Buffer.from("\r\n"));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}
