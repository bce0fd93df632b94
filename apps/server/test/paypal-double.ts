import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A loopback stand-in for PayPal Payments Standard and its Instant Payment Notifications (IPN), speaking the
 * real protocol: the `_xclick` checkout address a browser is sent to (GET or form POST) answers a page with
 * a "Pay now" button; paying posts a form-encoded IPN to `notify_url` and then redirects to `return`; a
 * `cmd=_notify-validate` post-back answers `VERIFIED` for a message this double sent, byte for byte, and
 * `INVALID` for anything else.
 */
export interface PaypalDouble {
  /** The checkout and post-back address (`<origin>/cgi-bin/webscr`): what to give the app as `PAYPAL_IPN_URL`. */
  url: string;
  origin: string;
  /** Every IPN body this double issued, in order (the form-encoded text, as sent). */
  issued: string[];
  /** Every post-back received, with the verdict given. */
  validations: Array<{ body: string; verdict: "VERIFIED" | "INVALID" }>;
  /** Every IPN delivery the "Pay now" button made: where to, and the status the app answered. */
  deliveries: Array<{ notifyUrl: string; body: string; status: number }>;
  /**
   * Issues an IPN without sending it: the form-encoded body, which the post-back will then call VERIFIED.
   * `fields` override or add to the fields of a completed payment of `checkout`'s values.
   */
  issue(checkout: PaypalCheckout, fields?: Record<string, string>): string;
  /** Makes every post-back answer `verdict` (a PayPal that says INVALID, or a failing one: `status`). */
  answerValidationsWith(answer: { verdict?: "VERIFIED" | "INVALID"; status?: number } | null): void;
  close(): Promise<void>;
}

/** What a checkout sends (the `_xclick` fields the double reads). */
export interface PaypalCheckout {
  amount: string;
  business: string;
  currency_code: string;
  item_name?: string;
  item_number?: string;
  custom?: string;
  notify_url?: string;
  return?: string;
  cancel_return?: string;
}

const PATH = "/cgi-bin/webscr";

/** Starts the double on a free loopback port. */
export async function startPaypalDouble(options: { payerEmail?: string } = {}): Promise<PaypalDouble> {
  const issued: string[] = [];
  const validations: PaypalDouble["validations"] = [];
  const deliveries: PaypalDouble["deliveries"] = [];
  let forced: { verdict?: "VERIFIED" | "INVALID"; status?: number } | null = null;
  const payerEmail = options.payerEmail ?? "buyer@example.test";

  const issue = (checkout: PaypalCheckout, fields: Record<string, string> = {}): string => {
    const message = new URLSearchParams({
      mc_gross: checkout.amount,
      protection_eligibility: "Eligible",
      payer_id: "DOUBLEPAYER1",
      payment_date: new Date().toUTCString(),
      payment_status: "Completed",
      charset: "UTF-8",
      first_name: "Test",
      last_name: "Buyer",
      mc_fee: "0.00",
      notify_version: "3.9",
      custom: checkout.custom ?? "",
      payer_status: "verified",
      business: checkout.business,
      quantity: "1",
      verify_sign: randomBytes(24).toString("base64url"),
      payer_email: payerEmail,
      txn_id: randomBytes(8).toString("hex").toUpperCase(),
      payment_type: "instant",
      receiver_email: checkout.business,
      receiver_id: "DOUBLERECEIVER1",
      txn_type: "web_accept",
      item_name: checkout.item_name ?? "",
      mc_currency: checkout.currency_code,
      item_number: checkout.item_number ?? "",
      residence_country: "US",
      test_ipn: "1",
      ipn_track_id: randomBytes(6).toString("hex"),
    });
    for (const [name, value] of Object.entries(fields)) message.set(name, value);
    const body = message.toString();
    issued.push(body);
    return body;
  };

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const url = new URL(request.url ?? "/", "http://double");
      handle(request.method ?? "GET", url, body, response).catch((error: unknown) => {
        if (!response.headersSent) response.writeHead(500, { "content-type": "text/plain" });
        response.end(String(error));
      });
    });
  });

  async function handle(method: string, url: URL, body: string, response: http.ServerResponse): Promise<void> {
    if (url.pathname === PATH && method === "POST" && body.startsWith("cmd=_notify-validate&")) {
      const message = body.slice("cmd=_notify-validate&".length);
      const verdict = forced?.verdict ?? (issued.includes(message) ? "VERIFIED" : "INVALID");
      validations.push({ body: message, verdict });
      response.writeHead(forced?.status ?? 200, { "content-type": "text/plain" }).end(verdict);
      return;
    }
    if (url.pathname === PATH && (method === "GET" || method === "POST")) {
      const fields = method === "GET" ? url.searchParams : new URLSearchParams(body);
      if (fields.get("cmd") !== "_xclick") {
        response.writeHead(400, { "content-type": "text/plain" }).end("Unsupported cmd");
        return;
      }
      const missing = ["amount", "business", "currency_code"].filter((name) => !fields.get(name));
      if (missing.length > 0) {
        response.writeHead(400, { "content-type": "text/plain" }).end(`Missing ${missing.join(", ")}`);
        return;
      }
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(checkoutPage(fields));
      return;
    }
    if (url.pathname === `${PATH}/pay` && method === "POST") {
      const fields = new URLSearchParams(body);
      const checkout = Object.fromEntries(fields) as unknown as PaypalCheckout;
      const message = issue(checkout);
      if (checkout.notify_url) {
        const sent = await fetch(checkout.notify_url, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: message,
        }).catch(() => null);
        deliveries.push({ notifyUrl: checkout.notify_url, body: message, status: sent?.status ?? 0 });
      }
      const back = checkout.return ?? "about:blank";
      response.writeHead(302, { location: back, "content-type": "text/plain" }).end(`Redirecting to ${back}`);
      return;
    }
    response.writeHead(404, { "content-type": "text/plain" }).end("Not found");
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    url: `${origin}${PATH}`,
    origin,
    issued,
    validations,
    deliveries,
    issue,
    answerValidationsWith(answer) {
      forced = answer;
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** The page a payer sees: what is paid, to whom, and the two buttons. The checkout's fields ride along hidden. */
function checkoutPage(fields: URLSearchParams): string {
  const hidden = [...fields]
    .filter(([name]) => name !== "cmd")
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join("\n      ");
  const cancel = fields.get("cancel_return");
  return `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>PayPal (test double)</title>
  <style>body{font-family:sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem}button{font-size:1.1rem;padding:.6rem 1.4rem}</style></head>
  <body>
    <h1>PayPal checkout</h1>
    <p>Pay <strong data-testid="amount">${escapeHtml(fields.get("amount") ?? "")} ${escapeHtml(fields.get("currency_code") ?? "")}</strong>
      to <span data-testid="business">${escapeHtml(fields.get("business") ?? "")}</span></p>
    <p data-testid="item">${escapeHtml(fields.get("item_name") ?? "")} (${escapeHtml(fields.get("item_number") ?? "")})</p>
    <form method="post" action="${PATH}/pay">
      ${hidden}
      <button type="submit">Pay now</button>
    </form>
    ${cancel ? `<p><a href="${escapeHtml(cancel)}">Cancel and return</a></p>` : ""}
  </body>
</html>`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
