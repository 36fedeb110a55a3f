/** Broken servers of values and lookups (formats, contents, lookup rules, error codes): each caught. */
import { describe } from "vitest";
import { VALUE_VARIANTS } from "./_test/broken-values.js";
import { itCatchesEach, useWeftDev } from "./_test/catches-variants.js";

const weft = useWeftDev();

describe("deliberately broken servers: values", () => {
  itCatchesEach(VALUE_VARIANTS, weft);
});
