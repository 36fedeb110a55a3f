/**
 * Vitest global setup of the database tests: migrates this run's template database once with the
 * server's own `openDatabase` (the committed migrations, as production applies them); every test file
 * then clones it (see @weft/testkit/template-database).
 */
import { tmpdir } from "node:os";
import { setUpTemplateDatabase } from "@weft/testkit/template-database";
import { pino } from "pino";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../db/database.js";

export default function setup(project: TestProject) {
  return setUpTemplateDatabase(project, (url) =>
    openDatabase({ url, dataDir: tmpdir(), logger: pino({ level: "silent" }) }),
  );
}
