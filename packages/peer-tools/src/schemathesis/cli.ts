#!/usr/bin/env node
/**
 * `pnpm --filter @weft/peer-tools schemathesis --url URL`: Schemathesis against any deployment of the
 * Weft contract (weft, the reference indexer, a third party's), the way CI runs it against weft dev.
 * Exit codes: 0 no failure, 1 failures or errors, 2 bad usage.
 */
import { parseArgs } from "node:util";
import { installSchemathesis, SCHEMATHESIS_VERSION } from "./install.js";
import { formatSummary, passed } from "./report.js";
import { CONFIG_FILE, documentUrl, runSchemathesis } from "./run-schemathesis.js";

const HELP = `Usage: schemathesis --url URL [options]
       schemathesis --install
  (from the repository: npx pnpm@10 --filter @weft/peer-tools schemathesis --url URL)

Runs Schemathesis ${SCHEMATHESIS_VERSION} against a deployment of the Weft API (weft, the reference
indexer, a third party's): it reads the contract the deployment serves at URL/swagger/doc.json and
tests every operation in it at URL, with every check Schemathesis has (server errors, status codes,
content types, response schemas and headers, positive data accepted, negative data rejected,
unsupported methods, ...) in every phase (examples, coverage, fuzzing, stateful), from a fixed seed.
Schemathesis is installed from PyPI on first use into packages/peer-tools/.tools (needs python3 with
venv). Settings, and every exclusion with its reason:
  ${CONFIG_FILE}

Options:
  --url URL            base URL of the deployment (required), e.g. http://127.0.0.1:8080
  --seed N             another seed than the configured one
  --max-examples N     test cases per operation and phase (default: the configured bound)
  --report-dir DIR     keep the JSON and JUnit reports there (default: a temporary directory)
  --install            only install the pinned Schemathesis (CI does it before the tests) and
                       print the path of its \`st\` command
  -h, --help           this text

Schemathesis's own output (progress, each failure with a curl command reproducing it) goes to
stderr; the summary (operations, test cases, failures) to stdout.
Exit code: 0 no failure, 1 failures or errors, 2 bad usage.
`;

const EXIT_FAILED = 1;
const EXIT_USAGE = 2;

function integer(name: string, value: string | undefined, min: number): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < min) throw new Error(`${name} must be an integer >= ${min}`);
  return n;
}

async function main(argv: string[]): Promise<number> {
  let options: { url: string; seed?: number; maxExamples?: number; reportDir?: string };
  try {
    const { values } = parseArgs({
      args: argv,
      options: {
        url: { type: "string" },
        seed: { type: "string" },
        "max-examples": { type: "string" },
        "report-dir": { type: "string" },
        install: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
    });
    if (values.help) {
      process.stdout.write(HELP);
      return 0;
    }
    if (values.install) {
      process.stdout.write(`${installSchemathesis()}\n`);
      return 0;
    }
    if (!values.url) throw new Error("--url is required");
    if (!URL.canParse(values.url)) throw new Error(`not a URL: ${values.url}`);
    const url = new URL(values.url).toString().replace(/\/+$/, "");
    options = {
      url,
      seed: integer("--seed", values.seed, 0),
      maxExamples: integer("--max-examples", values["max-examples"], 1),
      reportDir: values["report-dir"],
    };
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n\n${HELP}`);
    return EXIT_USAGE;
  }
  process.stderr.write(`Schemathesis ${SCHEMATHESIS_VERSION} against ${documentUrl(options.url)}\n`);
  const run = await runSchemathesis({ ...options, onOutput: (text) => process.stderr.write(text) });
  process.stdout.write(`\n${formatSummary(run.summary)}reports: ${run.reportDir}\n`);
  return passed(run.summary) ? 0 : EXIT_FAILED;
}

process.exitCode = await main(process.argv.slice(2)).catch((err: Error) => {
  process.stderr.write(`${err.message}\n`);
  return EXIT_FAILED;
});
