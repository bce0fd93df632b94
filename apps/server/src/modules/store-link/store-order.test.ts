import { describe, expect, it } from "vitest";
import { wooSignature } from "../../../test/woo-shop-double.js";
import { isWooSignatureValid, signWooBody } from "./store-link-signature.js";
import { orderProjectTitle, readWooOrder } from "./store-order.js";

describe("reading a WooCommerce order", () => {
  it("takes the id, number, status, buyer and every product and variation bought", () => {
    const order = readWooOrder({
      id: 77,
      number: "A-77",
      status: "completed",
      billing: { first_name: " Olivia ", last_name: "Buyer", email: "Olivia@Example.TEST" },
      line_items: [
        { product_id: 10, variation_id: 0 },
        { product_id: 11, variation_id: 12 },
        { product_id: 10, variation_id: 0 },
      ],
      extra: "kept out",
    });
    expect(order).toEqual({ orderId: 77, number: "A-77", status: "completed", buyerEmail: "olivia@example.test", buyerName: "Olivia Buyer", productIds: [10, 11, 12] });
  });

  it("names the buyer by e-mail without a name, numbers the order by its id without a number, and reads a bad e-mail as none", () => {
    expect(readWooOrder({ id: 5, status: "processing", billing: { email: "x@example.test" }, line_items: [] })).toMatchObject({ number: "5", buyerName: "x@example.test" });
    expect(readWooOrder({ id: 5, status: "processing", billing: { email: "nobody" }, line_items: [] })?.buyerEmail).toBe("");
  });

  it("answers null for what is not an order", () => {
    expect(readWooOrder({ hello: "world" })).toBeNull();
    expect(readWooOrder({ id: -1, status: "completed" })).toBeNull();
    expect(readWooOrder(null)).toBeNull();
  });
});

describe("the title of an order's project", () => {
  it("is the template's title, the order number and the buyer", () => {
    expect(orderProjectTitle("Website package", "1042", "Olivia Buyer")).toBe("Website package – Order #1042 – Olivia Buyer");
  });

  it("cuts the template's title so the whole fits in 200 characters", () => {
    const title = orderProjectTitle("x".repeat(300), "1042", "Olivia Buyer");
    expect(title.length).toBeLessThanOrEqual(200);
    expect(title.endsWith(" – Order #1042 – Olivia Buyer")).toBe(true);
  });
});

describe("X-WC-Webhook-Signature", () => {
  it("is base64 HMAC-SHA256 of the raw body, as the shop double signs it", () => {
    const body = '{"id":1}';
    expect(signWooBody("secret", body)).toBe(wooSignature("secret", body));
    expect(isWooSignatureValid("secret", Buffer.from(body), wooSignature("secret", body))).toBe(true);
  });

  it("refuses another secret, another body, a missing or malformed header", () => {
    const body = Buffer.from('{"id":1}');
    expect(isWooSignatureValid("secret", body, wooSignature("other", '{"id":1}'))).toBe(false);
    expect(isWooSignatureValid("secret", body, wooSignature("secret", '{"id":2}'))).toBe(false);
    expect(isWooSignatureValid("secret", body, undefined)).toBe(false);
    expect(isWooSignatureValid("secret", body, "not base64 at all")).toBe(false);
  });
});
