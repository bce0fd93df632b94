import type { FastifyInstance } from "fastify";

/**
 * A request body as received. Its bytes sit in a private field, so that what walks every request's body
 * (the control-character guard) does not walk a signed payload byte by byte; it is read only after the
 * signature or token was checked.
 */
class ReceivedBody {
  readonly #bytes: Buffer;

  constructor(bytes: Buffer) {
    this.#bytes = bytes;
  }

  get bytes(): Buffer {
    return this.#bytes;
  }
}

/**
 * Makes the routes of this plugin (and only these) keep JSON and form bodies as the exact bytes sent: a
 * webhook's signature is over them. Any other content type is a 415.
 */
export function keepBodiesAsReceived(app: FastifyInstance, options: { bodyLimit?: number } = {}): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(["application/json", "application/x-www-form-urlencoded"], { parseAs: "buffer", ...options }, (_request, body, done) => {
    done(null, new ReceivedBody(body as Buffer));
  });
}

/** The bytes of a body kept by keepBodiesAsReceived; none when there was no body. */
export function receivedBytes(body: unknown): Buffer {
  return body instanceof ReceivedBody ? body.bytes : Buffer.alloc(0);
}
