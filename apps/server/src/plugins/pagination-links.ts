import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { paginationLinks } from "../lib/pagination-links.js";

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Adds `links` to the `meta.pagination` of every list answer, in one place rather than in each of the
 * services that page, since the links depend on the request's URL, which services never see.
 */
export const paginationLinksPlugin = fp(async (app: FastifyInstance) => {
  app.addHook("preSerialization", async (request, _reply, payload) => {
    if (!isRecord(payload) || !isRecord(payload.meta) || !isRecord(payload.meta.pagination)) return payload;
    const pagination = payload.meta.pagination;
    if (typeof pagination.current_page !== "number" || typeof pagination.total_pages !== "number") return payload;
    const links = paginationLinks(request.url, { current_page: pagination.current_page, total_pages: pagination.total_pages });
    return { ...payload, meta: { ...payload.meta, pagination: { ...pagination, links } } };
  });
});
