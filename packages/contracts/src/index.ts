import "./messages.js";
export * from "./primitives.js";
export * from "./envelope.js";
export * from "./error-codes.js";
export * from "./users.js";
export * from "./auth.js";
export * from "./permissions.js";
export * from "./modules.js";
export * from "./health.js";
