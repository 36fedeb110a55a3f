/**
 * Schemathesis on the Move chain, every phase. The coverage phase (boundary and invalid values
 * derived from each parameter's schema, over 3 000 cases, about 3 minutes here) tests how requests
 * are validated, which is the same code on every chain kind: it runs here only. So do the Router
 * API's operations (see ROUTER_TAGS) and with them the stateful phase.
 */
import { describeSchemathesisRun } from "./_test/schemathesis-run.js";

describeSchemathesisRun({
  vmType: "move",
  phases: ["examples", "coverage", "fuzzing", "stateful"],
  excludeTags: [],
});
