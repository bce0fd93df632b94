// A local ESLint plugin for the server's module boundaries (STYLE.md: other modules go through a
// module's service, never its repository). It resolves each relative import against the importing file,
// so `../tasks/tasks.repository.js`, `../../modules/tasks/tasks.repository.js` and any other path to the
// same file are caught alike.
import path from "node:path";

const MODULES_SEGMENT = `${path.sep}apps${path.sep}server${path.sep}src${path.sep}modules${path.sep}`;

/** The module folder a file belongs to, or null outside apps/server/src/modules/<name>/. */
function moduleOf(file) {
  const at = file.lastIndexOf(MODULES_SEGMENT);
  if (at === -1) return null;
  const [name, ...rest] = file.slice(at + MODULES_SEGMENT.length).split(path.sep);
  // A file directly in modules/ (registry.ts, module.ts) belongs to no module.
  return rest.length > 0 ? name : null;
}

const noForeignRepository = {
  meta: {
    type: "problem",
    docs: { description: "A module reaches another module's data through that module's service, never its repository." },
    schema: [],
    messages: {
      foreign: "'{{source}}' is the {{owner}} module's repository: go through the {{owner}} service instead.",
    },
  },
  create(context) {
    const file = context.filename;
    const own = moduleOf(file);
    if (own === null) return {};
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== "string" || !source.startsWith(".")) return;
      // A type (a table's row shape) carries no query: the boundary is about reaching another module's data.
      if (node.importKind === "type" || node.exportKind === "type") return;
      const target = path.resolve(path.dirname(file), source);
      if (!/\.repository(\.js|\.ts)?$/.test(target)) return;
      const owner = moduleOf(target);
      if (owner !== null && owner !== own) context.report({ node: node.source, messageId: "foreign", data: { source, owner } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

/** The plugin, registered in eslint.config.js as `plotline`. */
export const moduleBoundaries = {
  meta: { name: "plotline-module-boundaries" },
  rules: { "no-foreign-repository": noForeignRepository },
};
