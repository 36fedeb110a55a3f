/** Broken servers of list semantics (filters, pagination, selections): the suite catches each. */
import { describe } from "vitest";
import { LIST_VARIANTS } from "./_test/broken-lists.js";
import { itCatchesEach, useWeftDev } from "./_test/catches-variants.js";

const weft = useWeftDev();

describe("deliberately broken servers: lists", () => {
  itCatchesEach(LIST_VARIANTS, weft);
});
