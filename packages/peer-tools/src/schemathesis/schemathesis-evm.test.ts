/**
 * Schemathesis on the EVM chain: the phases whose requests reach its data (examples, fuzzing),
 * where the two chain kinds' answers differ; the indexer's operations only (see ROUTER_TAGS).
 */
import { describeSchemathesisRun, ROUTER_TAGS } from "./_test/schemathesis-run.js";

describeSchemathesisRun({ vmType: "evm", phases: ["examples", "fuzzing"], excludeTags: ROUTER_TAGS });
