/**
 * The kit's own global setup: a template "migrated" by one marker table, so the tests can tell a
 * clone of it from an empty database.
 */
import pg from "pg";
import type { TestProject } from "vitest/node";
import { setUpTemplateDatabase } from "../template-database.js";

export const MARKER_TABLE = "kit_template_marker";

export default function setup(project: TestProject) {
  return setUpTemplateDatabase(project, async (url) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`CREATE TABLE ${MARKER_TABLE} (id INT); INSERT INTO ${MARKER_TABLE} VALUES (7)`);
    return { close: () => client.end() };
  });
}
