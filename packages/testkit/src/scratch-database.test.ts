import pg from "pg";
import { describe, expect, it } from "vitest";
import { MARKER_TABLE } from "./_test/template-setup.js";
import { withAdmin } from "./postgres-admin.js";
import { cloneDatabase, createScratchDatabase } from "./scratch-database.js";
import { templateDatabase } from "./template-database.js";
import { openFileDatabase } from "./use-scratch-database.js";

const template = templateDatabase();

async function tables(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1",
    );
    return rows.map((r) => r.name);
  } finally {
    await client.end();
  }
}

async function exists(name: string): Promise<boolean> {
  const { rows } = await withAdmin((c) => c.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]));
  return rows.length === 1;
}

describe.skipIf(template === null)("scratch databases on the real Postgres", () => {
  it("clones of the run's template have what it was migrated with, and each is its own", async () => {
    const [a, b] = await Promise.all([cloneDatabase(template ?? ""), cloneDatabase(template ?? "")]);
    try {
      expect(a?.name).not.toBe(b?.name);
      expect(a?.name).toContain(`_${process.pid}_`);
      expect(await tables(a?.url ?? "")).toEqual([MARKER_TABLE]);
      expect(await tables(b?.url ?? "")).toEqual([MARKER_TABLE]);
    } finally {
      await a?.drop();
    }
    // Dropping one leaves the other, and the template, alone.
    expect(await exists(a?.name ?? "")).toBe(false);
    expect(await exists(b?.name ?? "")).toBe(true);
    expect(await exists(template ?? "")).toBe(true);
    await b?.drop();
    expect(await exists(b?.name ?? "")).toBe(false);
  });

  it("createScratchDatabase is empty (for tests of migrating itself)", async () => {
    const empty = await createScratchDatabase();
    try {
      expect(await tables(empty.url)).toEqual([]);
    } finally {
      await empty.drop();
    }
  });

  it("a file's database is a clone with a directory of its own, both gone after dispose", async () => {
    const file = await openFileDatabase();
    expect(file.kind).toBe("postgres");
    expect(await tables(file.url ?? "")).toEqual([MARKER_TABLE]);
    await file.dispose();
    expect(await exists(new URL(file.url ?? "").pathname.slice(1))).toBe(false);
  });
});

describe("without Postgres (or asked for PGlite)", () => {
  it("a file's database has no URL: the caller embeds PGlite in its data directory", async () => {
    const file = await openFileDatabase("pglite");
    expect(file).toMatchObject({ url: undefined, kind: "pglite" });
    await file.dispose();
  });
});
