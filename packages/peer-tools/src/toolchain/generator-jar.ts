/**
 * openapi-generator-cli, the jar Maven Central serves, at a pinned version: downloaded once into
 * `.tools/openapi-generator-<version>/` and checked against the sha256 pinned here before every use
 * (a truncated download or a swapped file fails loudly instead of generating something else), then
 * run with the machine's `java -jar`. The npm wrapper `@openapitools/openapi-generator-cli` does the
 * same download at run time from a version it resolves itself; pinning the jar directly keeps the
 * bytes that generate the SDKs fixed.
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { findRuntime, type Runtime } from "./runtime.js";
import { toolDir } from "./tool-cache.js";

export const GENERATOR_VERSION = "7.25.0";
/**
 * sha256 of openapi-generator-cli-7.25.0.jar. Central publishes only a .sha1 for it
 * (56a9bb79e3bb565f477eddca2c6daa288a9c6f35, which the downloaded jar matched); this is the sha256 of
 * that same file.
 */
export const GENERATOR_JAR_SHA256 = "41ce4f6b07f196676439d710759fa1ced7a08066d06ff1bf314681470289efae";
export const GENERATOR_JAR_URL =
  `https://repo1.maven.org/maven2/org/openapitools/openapi-generator-cli/${GENERATOR_VERSION}/` +
  `openapi-generator-cli-${GENERATOR_VERSION}.jar`;

/** The generator needs Java 11 or newer (CI has 17). `java -version` prints to stderr. */
export const findJava = (): Runtime | undefined => findRuntime("java", ["-version"]);

const sha256 = (bytes: Buffer): string => createHash("sha256").update(bytes).digest("hex");

/**
 * The jar's bytes from Maven Central. With curl where there is one: it trusts the machine's CA store,
 * as pip, Maven and apt do, so a network whose TLS is re-signed by a local authority (CI here) works;
 * Node's fetch knows only its bundled authorities and refused it ("self-signed certificate in
 * certificate chain").
 */
async function download(url: string, file: string): Promise<Buffer> {
  if (spawnSync("curl", ["--version"], { encoding: "utf8" }).status === 0) {
    const run = spawnSync("curl", ["-fsSL", "--retry", "2", "-o", file, url], {
      encoding: "utf8",
      timeout: 600_000,
    });
    if (run.status !== 0) throw new Error(`curl ${url} failed (${run.status}): ${run.stderr.trim()}`);
    return readFileSync(file);
  }
  const res = await fetch(url);
  if (!res.ok) throw new Error(`GET ${url} answered ${res.status}`);
  return Buffer.from(await res.arrayBuffer());
}

/** The pinned jar's path, downloading it first if this clone has not yet. */
export async function ensureGeneratorJar(): Promise<string> {
  const jar = path.join(toolDir(`openapi-generator-${GENERATOR_VERSION}`), "openapi-generator-cli.jar");
  if (!existsSync(jar)) {
    // A partial name of its own: two test workers may download at once on a fresh clone.
    const partial = `${jar}.${process.pid}.partial`;
    const bytes = await download(GENERATOR_JAR_URL, partial);
    const got = sha256(bytes);
    if (got !== GENERATOR_JAR_SHA256) {
      throw new Error(`${GENERATOR_JAR_URL} has sha256 ${got}, not the pinned ${GENERATOR_JAR_SHA256}`);
    }
    // Written aside and renamed, so an interrupted download never leaves a jar that looks installed.
    writeFileSync(partial, bytes);
    renameSync(partial, jar);
    return jar;
  }
  const got = sha256(readFileSync(jar));
  if (got !== GENERATOR_JAR_SHA256) {
    throw new Error(
      `${jar} has sha256 ${got}, not the pinned ${GENERATOR_JAR_SHA256}: delete it to download again`,
    );
  }
  return jar;
}

export interface GeneratorRun {
  status: number;
  stdout: string;
  stderr: string;
}

/**
 * `java -jar <jar> ...args`. Throws with the tool's output when it exits non-zero, unless
 * `allowFailure` (for `validate`, whose non-zero exit is a report to read).
 */
export function runGenerator(
  jar: string,
  args: readonly string[],
  { allowFailure = false }: { allowFailure?: boolean } = {},
): GeneratorRun {
  const run = spawnSync("java", ["-jar", jar, ...args], {
    encoding: "utf8",
    timeout: 300_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  if (run.error) throw run.error;
  const status = run.status ?? -1;
  if (status !== 0 && !allowFailure) {
    throw new Error(
      `openapi-generator-cli ${args.join(" ")} exited ${status}:\n${run.stdout}\n${run.stderr}`,
    );
  }
  return { status, stdout: run.stdout, stderr: run.stderr };
}
