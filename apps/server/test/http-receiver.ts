import http from "node:http";
import type { AddressInfo } from "node:net";

/** A request the receiver took in. */
export interface ReceivedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** When it arrived (ms since the epoch). */
  at: number;
}

/** How the receiver answers one request: a status, headers and a body (200, none, "ok" by default). */
export interface ReceiverAnswer {
  status?: number;
  headers?: Record<string, string>;
  body?: string;
  /** Wait this long before answering (a slow service). */
  delayMs?: number;
}

/** Decides the answer to the `index`-th request (0 first). */
export type AnswerFn = (request: ReceivedRequest, index: number) => ReceiverAnswer;

/** A loopback HTTP server that records what it is sent and answers as told: a chat webhook, a payment provider ... */
export interface HttpReceiver {
  /** `http://127.0.0.1:<port>`. */
  origin: string;
  /** Every request so far, in order. */
  received: ReceivedRequest[];
  /** Changes how the next requests are answered. */
  answerWith(answer: AnswerFn): void;
  /** Resolves once `count` requests have arrived; rejects after `timeoutMs`. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedRequest[]>;
  close(): Promise<void>;
}

/** Answers the first requests with `answers`, in order, and every later one with the last of them (or 200). */
export function scripted(...answers: ReceiverAnswer[]): AnswerFn {
  return (_request, index) => answers[Math.min(index, answers.length - 1)] ?? {};
}

/** Starts a receiver on a free loopback port; `answer` decides each answer (200 "ok" by default). */
export async function startHttpReceiver(answer: AnswerFn = () => ({})): Promise<HttpReceiver> {
  const received: ReceivedRequest[] = [];
  let decide = answer;
  const waiters = new Set<() => void>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const entry: ReceivedRequest = { method: request.method ?? "", path: request.url ?? "", headers: request.headers, body: Buffer.concat(chunks).toString("utf8"), at: Date.now() };
      const index = received.length;
      received.push(entry);
      for (const wake of waiters) wake();
      const { status = 200, headers = {}, body = "ok", delayMs = 0 } = decide(entry, index);
      const send = () => {
        if (!response.destroyed) response.writeHead(status, { "content-type": "text/plain", ...headers }).end(body);
      };
      if (delayMs > 0) setTimeout(send, delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    received,
    answerWith(next) {
      decide = next;
    },
    waitFor(count, timeoutMs = 10_000) {
      if (received.length >= count) return Promise.resolve(received.slice(0, count));
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`The receiver got ${received.length} of ${count} requests within ${timeoutMs} ms`));
        }, timeoutMs);
        const check = () => {
          if (received.length < count) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(received.slice(0, count));
        };
        waiters.add(check);
      });
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
