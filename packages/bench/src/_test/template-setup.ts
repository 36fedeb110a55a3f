/**
 * Vitest global setup: migrates this run's template database once with @weft/server's `openDatabase`
 * (the committed migrations, as production applies them); each test file's in-process Weft then
 * serves a clone of it (see @weft/testkit/template-database).
 */
import { tmpdir } from "node:os";
import { openDatabase } from "@weft/server";
import { setUpTemplateDatabase } from "@weft/testkit/template-database";
import { pino } from "pino";
import type { TestProject } from "vitest/node";

export default function setup(project: TestProject) {
  return setUpTemplateDatabase(project, (url) =>
    openDatabase({ url, dataDir: tmpdir(), logger: pino({ level: "silent" }) }),
  );
}
