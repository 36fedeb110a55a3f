// Prisma CLI configuration. It works offline: Prisma 6.19 CLI
// with the WASM schema engine ("js") talking to Postgres through @prisma/adapter-pg, so neither
// `generate` nor `migrate deploy` downloads a native binary.
import path from "node:path";
import { PrismaPg } from "@prisma/adapter-pg";
import { defineConfig } from "prisma/config";

const here = path.dirname(new URL(import.meta.url).pathname);

export default defineConfig({
  engine: "js",
  experimental: { adapter: true },
  schema: path.join(here, "../../prisma/schema.prisma"),
  migrations: { path: path.join(here, "../../prisma/migrations") },
  adapter: async () =>
    new PrismaPg({
      connectionString: process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres",
      // The CLI exits only once the pool is idle-closed: keep that short.
      idleTimeoutMillis: 50,
    }),
});
