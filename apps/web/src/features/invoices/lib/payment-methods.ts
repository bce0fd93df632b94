/** The methods the record form offers; the ledger keeps the text, shown by its label when it is one of these. */
export const PAYMENT_METHODS = ["cash", "bank transfer", "cheque", "card", "other"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Whether a recorded method is one of the form's, with a label of its own. */
export function isKnownMethod(method: string): method is PaymentMethod {
  return (PAYMENT_METHODS as readonly string[]).includes(method);
}
