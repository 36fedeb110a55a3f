/**
 * What makes a test file a scenario test (`x.e2e.test.ts`, the e2e project) when the file, or a
 * `_test/` helper it uses, imports it (@weft/testkit/split-test-files): a database, a child process,
 * a browser. test-file-names.test.ts holds every test file's name to this list; vitest.config.ts
 * selects by name alone.
 */
export const E2E_IMPORTS: RegExp[] = [
  // A database: a driver, the server's openDatabase, or the test database helpers.
  /^pg$/,
  /^@electric-sql\//,
  /\/db\/database\.js$/,
  /\/test-database\.js$/,
  // A child process (the CLI, prisma, pnpm, k6...).
  /^(node:)?child_process$/,
  /\/spawn-weft\.js$/,
  // A browser, and the rest of the kit (databases, processes, Chromium), but for its in-process
  // server, which only listens on 127.0.0.1, and the file-name check, which only reads files.
  /^playwright-core$/,
  /^@weft\/testkit\/(?!in-process-server$|split-test-files$)/,
];
