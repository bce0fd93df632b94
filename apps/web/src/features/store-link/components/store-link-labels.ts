import type { StoreProduct } from "@plotline/contracts";

/** A product as pickers and tables name it: "Name (SKU) · price". */
export function productLabel(product: StoreProduct): string {
  const sku = product.sku ? ` (${product.sku})` : "";
  const price = product.price ? ` · ${product.price}` : "";
  return `${product.name}${sku}${price}`;
}
