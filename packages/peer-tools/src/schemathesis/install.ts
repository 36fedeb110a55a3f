/**
 * Schemathesis from PyPI, pinned, in a virtualenv of its own (`.tools/venv-schemathesis`).
 *
 * 4.32.5 is the newest release and installs on Python 3.11: 4.x is the line that has every check we
 * run (`--checks all` includes the 4.x-only positive_data_acceptance, missing_required_header,
 * unsupported_method and allow_header_conformance), the coverage phase (boundary and invalid values
 * derived from each schema, deterministically) and the JSON run report we parse. Every transitive
 * dependency is pinned too: Hypothesis drives the generation, so a new Hypothesis under the same seed
 * would generate other test cases and the run would not be reproducible.
 */
import { ensureVenv } from "../toolchain/python-venv.js";

export const SCHEMATHESIS_VERSION = "4.32.5";

/** `pip freeze` of a fresh `pip install schemathesis==4.32.5` on Python 3.11. */
export const SCHEMATHESIS_REQUIREMENTS: readonly string[] = [
  `schemathesis==${SCHEMATHESIS_VERSION}`,
  "anyio==4.16.0",
  "certifi==2026.10.19.post1",
  "charset-normalizer==3.5.2",
  "click==8.5.1",
  "graphql-core==3.3.2",
  "harfile==0.6.0",
  "hypothesis==6.170.17",
  "hypothesis-graphql==0.13.5",
  "idna==3.20",
  "iniconfig==2.3.1",
  "jsonschema_rs==0.60.3",
  "markdown-it-py==4.3.0",
  "MarkupSafe==3.0.4",
  "mdurl==0.1.2",
  "packaging==26.3",
  "pluggy==1.7.0",
  "Pygments==2.21.0",
  "pyrate-limiter==4.5.1",
  "pytest==9.2.0",
  "PyYAML==6.0.4",
  "requests==2.34.2",
  "rich==15.0.0",
  "sortedcontainers==2.4.0",
  "typing_extensions==4.16.0",
  "urllib3==2.8.0",
  "Werkzeug==3.1.9",
];

/** Installs the pinned Schemathesis once per clone; returns the path of its `st` command. */
export function installSchemathesis(): string {
  return ensureVenv("schemathesis", SCHEMATHESIS_REQUIREMENTS).bin("st");
}
