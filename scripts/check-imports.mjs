#!/usr/bin/env node
/**
 * The import structure of the monorepo, checked: builds the graph of every TypeScript file under
 * each workspace package's src/ (relative imports and @weft/* package imports, resolved to the
 * target package's source) and fails, naming file and import, when
 *   1. a source file of packages/server/src imports a server file that its row of the "may import
 *      (server folders)" column of packages/server/README.md's table does not allow (type-only
 *      imports too: the layers stay apart in types as well). The table is the one source of these
 *      rules; its grammar is documented under "Checked by CI" there and in readImportTable below;
 *   2. non-test source of packages/loadtest, packages/client or packages/conformance reaches the
 *      server (@weft/server, or a server file by path): those packages speak to a deployment over
 *      HTTP only. Tests (*.test.ts, anything under _test/) may start a real server;
 *   3. another package reaches the server other than through its two documented entries:
 *      `@weft/server` (the public one) and `@weft/server/internal` (for packages/bench only: see
 *      packages/server/src/internal.ts), e.g. a deep `@weft/server/dist/...` or a relative path
 *      into packages/server; tests included, they use the same entries;
 *   4. imports form a cycle, type-only imports included: `import type` is erased from the emitted
 *      JavaScript, so a type-only cycle cannot break load order, but it still says two modules
 *      depend on each other, where the shared types belong in a module of their own.
 *
 *   node scripts/check-imports.mjs [--root DIR]      (DIR defaults to the repository root)
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import ts from "typescript";

/** One import of one file. kind: "static" | "dynamic" | "resolve" (require.resolve of a package). */
/** @typedef {{ from: string, to: string, specifier: string, typeOnly: boolean, kind: string }} Edge */

const isTest = (file) => /\.test\.tsx?$/.test(file) || file.split("/").includes("_test");

/** Workspace packages: a folder with package.json and src/, found under the workspace's globs. */
function workspacePackages(root) {
  const dirs = [];
  for (const line of readFileSync(path.join(root, "pnpm-workspace.yaml"), "utf8").split("\n")) {
    const m = /^\s+-\s+["']?([^"'\s]+)["']?\s*$/.exec(line);
    if (!m?.[1]) continue;
    const glob = m[1];
    if (glob.endsWith("/*")) {
      const parent = path.join(root, glob.slice(0, -2));
      if (!existsSync(parent)) continue;
      for (const d of readdirSync(parent)) dirs.push(path.join(parent, d));
    } else dirs.push(path.join(root, glob));
  }
  return dirs
    .filter((d) => existsSync(path.join(d, "package.json")) && existsSync(path.join(d, "src")))
    .map((dir) => ({ dir, manifest: JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")) }));
}

function sourceFiles(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) {
      if (name !== "node_modules" && name !== "dist") out.push(...sourceFiles(full));
    } else if (/\.(ts|tsx|mts)$/.test(name) && !name.endsWith(".d.ts")) out.push(full);
  }
  return out;
}

/** Every module specifier `file` names, with whether it is type-only and how it is loaded. */
function importsOf(file) {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const found = [];
  const visit = (node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      // `import type {..}`, or `import { type a, type b }` with no default and only type specifiers.
      const typeOnly = Boolean(
        clause &&
          (clause.isTypeOnly ||
            (!clause.name &&
              clause.namedBindings &&
              ts.isNamedImports(clause.namedBindings) &&
              clause.namedBindings.elements.length > 0 &&
              clause.namedBindings.elements.every((e) => e.isTypeOnly))),
      );
      found.push({ specifier: node.moduleSpecifier.text, typeOnly, kind: "static" });
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      const typeOnly =
        node.isTypeOnly ||
        Boolean(
          node.exportClause &&
            ts.isNamedExports(node.exportClause) &&
            node.exportClause.elements.length > 0 &&
            node.exportClause.elements.every((e) => e.isTypeOnly),
        );
      found.push({ specifier: node.moduleSpecifier.text, typeOnly, kind: "static" });
    } else if (ts.isImportTypeNode(node)) {
      const arg = node.argument;
      if (ts.isLiteralTypeNode(arg) && ts.isStringLiteral(arg.literal))
        found.push({ specifier: arg.literal.text, typeOnly: true, kind: "static" });
    } else if (
      ts.isCallExpression(node) &&
      node.arguments.length >= 1 &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      const specifier = node.arguments[0].text;
      if (node.expression.kind === ts.SyntaxKind.ImportKeyword)
        found.push({ specifier, typeOnly: false, kind: "dynamic" });
      else if (ts.isIdentifier(node.expression) && node.expression.text === "require")
        found.push({ specifier, typeOnly: false, kind: "static" });
      // createRequire(..).resolve("@weft/x"): a file path into another package, used to spawn it.
      else if (
        ts.isPropertyAccessExpression(node.expression) &&
        node.expression.name.text === "resolve" &&
        specifier.startsWith("@weft/")
      )
        found.push({ specifier, typeOnly: false, kind: "resolve" });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** `x.js` written in source names `x.ts` (NodeNext); a folder names its index. */
function resolveFile(base) {
  const candidates = [base, base.replace(/\.(m?)js$/, ".$1ts"), `${base}.ts`, path.join(base, "index.ts")];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile() && /\.(ts|tsx|mts)$/.test(c));
}

/** A package import resolved to the package's source (its export's dist/X.js is src/X.ts). */
function resolvePackage(specifier, packages) {
  const pkg = packages.find(
    (p) => specifier === p.manifest.name || specifier.startsWith(`${p.manifest.name}/`),
  );
  if (!pkg) return undefined;
  const sub = specifier === pkg.manifest.name ? "." : `.${specifier.slice(pkg.manifest.name.length)}`;
  const entry = pkg.manifest.exports?.[sub];
  const target = typeof entry === "string" ? entry : (entry?.default ?? entry?.import ?? entry?.types);
  const asSource =
    typeof target === "string" &&
    resolveFile(path.join(pkg.dir, target.replace(/^\.\/dist\//, "./src/").replace(/\.d\.ts$/, ".js")));
  // An export with no source behind it (generated files) is named by the specifier itself.
  return asSource || `${pkg.dir}/${sub}`;
}

export function buildGraph(root) {
  const packages = workspacePackages(root);
  const files = packages.flatMap((p) => sourceFiles(path.join(p.dir, "src")));
  /** @type {Edge[]} */
  const edges = [];
  for (const file of files) {
    for (const imp of importsOf(file)) {
      let to;
      if (imp.specifier.startsWith(".")) to = resolveFile(path.resolve(path.dirname(file), imp.specifier));
      else if (imp.specifier.startsWith("@weft/")) to = resolvePackage(imp.specifier, packages);
      if (to) edges.push({ from: file, to, ...imp });
    }
  }
  return { packages, files, edges };
}

/** Strongly connected components of more than one file (or a file importing itself), Tarjan. */
function cycles(files, edges) {
  const next = new Map(files.map((f) => [f, []]));
  for (const e of edges) next.get(e.from)?.push(e.to);
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const components = [];
  let counter = 0;
  const strongConnect = (v) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        strongConnect(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) === index.get(v)) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (next.get(v) ?? []).includes(v)) components.push(component);
    }
  };
  for (const f of files) if (!index.has(f)) strongConnect(f);
  // One concrete loop per component, for the message: breadth-first from its first file back to it.
  return components.map((component) => {
    const inside = new Set(component);
    const start = [...component].sort()[0];
    const previous = new Map();
    const queue = [start];
    while (queue.length > 0) {
      const v = queue.shift();
      const hit = (next.get(v) ?? []).find((w) => w === start);
      if (hit) {
        const loop = [v];
        while (loop[0] !== start) loop.unshift(previous.get(loop[0]));
        return { files: component, loop: [...loop, start] };
      }
      for (const w of next.get(v) ?? [])
        if (inside.has(w) && !previous.has(w) && w !== start) {
          previous.set(w, v);
          queue.push(w);
        }
    }
    return { files: component, loop: [start, start] };
  });
}

const TABLE_HEADER = "may import (server folders)";

/**
 * The rows of the import table in `readme` (packages/server/README.md): the markdown table whose
 * header has a "may import (server folders)" column. A row's first cell is one backticked name:
 * `dir/` (a folder of src/), `file.ts` (a file beside the folders) or `*.ts` (every other file
 * beside the folders). Its may-import cell, with notes in parentheses dropped (but `(types)`
 * right after a name), is clauses separated by ";":
 *   nothing | anything | anything but LIST | LIST | never LIST
 * where LIST is backticked names (`dir/` or `path/file.ts` from src/), comma-separated, each
 * optionally followed by `(types)` (type-only imports of it allowed). A cell that does not read so
 * is returned in `errors`, naming its row.
 * @returns {{ rows: Rule[], errors: string[] }}
 */
export function readImportTable(readme) {
  /** @typedef {{ name: string, typesOnly: boolean }} Item */
  /** @typedef {{ row: string, cell: string, allow: Item[] | null, deny: Item[] }} Rule */
  const cellsOf = (line) =>
    line
      .trim()
      .replace(/^\|/, "")
      .replace(/\|$/, "")
      .split("|")
      .map((c) => c.trim());
  const lines = readme.split("\n");
  const start = lines.findIndex((l) => l.trim().startsWith("|") && cellsOf(l).includes(TABLE_HEADER));
  if (start < 0) return { rows: [], errors: [`no table with a "${TABLE_HEADER}" column`] };
  const column = cellsOf(lines[start]).indexOf(TABLE_HEADER);
  const rows = [];
  const errors = [];
  const NAME = "`([A-Za-z0-9_.*/-]+)`";
  const readList = (text, row) => {
    const items = [];
    for (const part of text.split(",").map((p) => p.trim())) {
      const m = new RegExp(`^${NAME}(\\s*\\(types\\))?$`).exec(part);
      if (!m?.[1] || m[1].includes("*")) return void errors.push(`row ${row}: cannot read "${part}"`);
      items.push({ name: m[1], typesOnly: Boolean(m[2]) });
    }
    return items;
  };
  for (const line of lines.slice(start + 2)) {
    if (!line.trim().startsWith("|")) break;
    const cells = cellsOf(line);
    const name = /^`([^`]+)`/.exec(cells[0] ?? "")?.[1];
    const row = `\`${name}\``;
    const cell = cells[column] ?? "";
    if (!name || !/^([A-Za-z0-9_.-]+\/|[A-Za-z0-9_.-]+\.ts|\*\.ts)$/.test(name)) {
      errors.push(`cannot read the row name "${cells[0]}" (\`dir/\`, \`file.ts\` or \`*.ts\`)`);
      continue;
    }
    // Notes for readers go; `(types)` stays, it belongs to the name before it.
    const text = cell.replace(/\((?!types\))[^()]*\)/g, "").replace(/\s+/g, " ");
    const rule = { row, cell, allow: [], deny: [] };
    const before = errors.length;
    text.split(";").forEach((clause, i) => {
      const c = clause.trim();
      if (i > 0 && c.startsWith("never ")) rule.deny.push(...(readList(c.slice(6), row) ?? []));
      else if (i > 0) errors.push(`row ${row}: cannot read "${c}" (after ";" only "never" and a list)`);
      else if (c === "nothing") rule.allow = [];
      else if (c === "anything") rule.allow = null;
      else if (c.startsWith("anything but ")) {
        rule.allow = null;
        rule.deny.push(...(readList(c.slice(13), row) ?? []));
      } else rule.allow = readList(c, row) ?? [];
    });
    if (errors.length === before) rows.push(rule);
  }
  if (rows.length === 0 && errors.length === 0) errors.push(`the "${TABLE_HEADER}" table has no rows`);
  return { rows, errors };
}

/** Which row of `rows` governs `file` (a path from src/): its folder's, its own, or `*.ts`. */
function rowOf(rows, file) {
  const slash = file.indexOf("/");
  const wanted = slash < 0 ? [`\`${file}\``, "`*.ts`"] : [`\`${file.slice(0, slash + 1)}\``];
  for (const w of wanted) {
    const rule = rows.find((r) => r.row === w);
    if (rule) return rule;
  }
  return undefined;
}

const names = (file, item) => (item.name.endsWith("/") ? file.startsWith(item.name) : file === item.name);

/** Violations of the server README's import table by the non-test source of packages/server/src. */
function tableViolations(root, files, edges, rel) {
  const server = "packages/server/src";
  const readmePath = path.join(root, "packages/server/README.md");
  if (!existsSync(path.join(root, server))) return [];
  if (!existsSync(readmePath))
    return ["packages/server/README.md: missing (its table holds the import rules)"];
  const { rows, errors } = readImportTable(readFileSync(readmePath, "utf8"));
  const out = errors.map((e) => `packages/server/README.md: ${e}`);
  const inServer = (f) => rel(f).startsWith(`${server}/`);
  const source = (f) => inServer(f) && !isTest(rel(f));
  if (rows.length > 0)
    for (const f of files.filter(source))
      if (!rowOf(rows, rel(f).slice(server.length + 1)))
        out.push(`${rel(f)}: no row of the import table in packages/server/README.md governs it`);
  for (const e of edges) {
    if (!source(e.from) || !inServer(e.to)) continue;
    const from = rel(e.from).slice(server.length + 1);
    const rule = rowOf(rows, from);
    if (!rule) continue;
    const to = rel(e.to).slice(server.length + 1);
    if (rowOf(rows, to) === rule) continue;
    const fits = (item) => names(to, item) && (!item.typesOnly || e.typeOnly);
    const denied = rule.deny.some((item) => names(to, item));
    const allowed = rule.allow === null || rule.allow.some(fits);
    if (denied || !allowed)
      out.push(
        `${rel(e.from)}: imports "${e.specifier}"${e.typeOnly ? " (type-only)" : ""}: row ${rule.row} of the import table in packages/server/README.md may import ${rule.cell}`,
      );
  }
  return out;
}

/** The server's entries other packages may import, and which packages may (undefined: any). */
const SERVER_ENTRIES = new Map([
  ["@weft/server", undefined],
  ["@weft/server/internal", ["packages/bench"]],
]);

export function checkImports(root) {
  const { packages, files, edges } = buildGraph(root);
  const rel = (f) => path.relative(root, f);
  const at = (f, dir) => rel(f).startsWith(`${dir}/`);
  const violations = tableViolations(root, files, edges, rel);
  for (const e of edges) {
    const client = ["packages/loadtest", "packages/client", "packages/conformance"].find((d) =>
      at(e.from, d),
    );
    const verb = e.kind === "resolve" ? "resolves" : "imports";
    if (at(e.from, "packages/server") || !at(e.to, "packages/server")) continue;
    if (client && !isTest(rel(e.from))) {
      violations.push(
        `${rel(e.from)}: ${verb} "${e.specifier}": ${client} reaches a deployment over HTTP only (tests may start a server)`,
      );
      continue;
    }
    const entry = SERVER_ENTRIES.has(e.specifier);
    const allowed = SERVER_ENTRIES.get(e.specifier);
    if (!entry || (allowed && !allowed.some((d) => at(e.from, d))))
      violations.push(
        `${rel(e.from)}: ${verb} "${e.specifier}": other packages reach the server through "@weft/server" only ` +
          `(and packages/bench through "@weft/server/internal")`,
      );
  }
  const edgesOf = (filter) => edges.filter((e) => e.kind !== "resolve" && files.includes(e.to) && filter(e));
  const runtime = cycles(
    files,
    edgesOf((e) => !e.typeOnly),
  );
  const runtimeFiles = new Set(runtime.flatMap((c) => c.files));
  // Cycles of the full graph that are not (only) a runtime cycle exist through type imports alone.
  const typeOnly = cycles(
    files,
    edgesOf(() => true),
  ).filter(
    (c) =>
      !runtime.some((r) => r.files.length === c.files.length && c.files.every((f) => runtimeFiles.has(f))),
  );
  for (const [c, how] of [...runtime.map((c) => [c, ""]), ...typeOnly.map((c) => [c, "type-only "])])
    violations.push(
      `${how}import cycle: ${c.loop.map(rel).join(" -> ")}` +
        (c.files.length > c.loop.length - 1 ? ` (one loop of ${c.files.length} files tied together)` : ""),
    );
  const tests = files.filter((f) => isTest(rel(f)));
  const summary = [
    `${packages.length} packages, ${files.length} files (${files.length - tests.length} source, ${tests.length} test), ` +
      `${edges.length} internal imports (${edges.filter((e) => !isTest(rel(e.from))).length} from source, ` +
      `${edges.filter((e) => e.typeOnly).length} type-only)`,
    "rules: server source imports what its row of packages/server/README.md's import table allows; loadtest, client and conformance source does " +
      "not reach the server; other packages use its entries only (@weft/server; @weft/server/internal from bench); " +
      "no import cycle (type-only included)",
  ];
  return { violations, summary };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { root: { type: "string" } } });
  const root = path.resolve(values.root ?? path.join(path.dirname(fileURLToPath(import.meta.url)), ".."));
  const { violations, summary } = checkImports(root);
  for (const line of summary) console.log(line);
  if (violations.length > 0) {
    console.error(`\n${violations.length} import rule violation(s):`);
    for (const v of violations) console.error(`  ${v}`);
    process.exit(1);
  }
  console.log("import structure: ok");
}
