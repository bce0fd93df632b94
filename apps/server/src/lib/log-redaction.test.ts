import type { FastifyRequest } from "fastify";
import { describe, expect, it } from "vitest";
import { redactUrl, serializeRequestForLog } from "./log-redaction.js";

describe("the request log", () => {
  it("masks the incoming address's token wherever it sits in the query", () => {
    expect(redactUrl("/api/pm-pro/v2/integrations/4?token=s3cr3t-TOKEN_value")).toBe("/api/pm-pro/v2/integrations/4?token=[redacted]");
    expect(redactUrl("/api/x?a=1&TOKEN=abc&b=2")).toBe("/api/x?a=1&TOKEN=[redacted]&b=2");
    expect(redactUrl("/api/pm/v2/projects?per_page=20&tokens=1")).toBe("/api/pm/v2/projects?per_page=20&tokens=1");
  });

  it("logs the method, the masked URL and where the request came from", () => {
    const request = { method: "POST", url: "/api/pm-pro/v2/integrations/1?token=abc", host: "plotline.test", ip: "10.0.0.9", socket: { remotePort: 5555 } } as unknown as FastifyRequest;
    expect(serializeRequestForLog(request)).toEqual({ method: "POST", url: "/api/pm-pro/v2/integrations/1?token=[redacted]", host: "plotline.test", remoteAddress: "10.0.0.9", remotePort: 5555 });
  });
});
