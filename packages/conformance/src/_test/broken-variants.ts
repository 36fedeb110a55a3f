/** Every deliberately broken server the suite must catch, one rule each. */
import { LIST_VARIANTS } from "./broken-lists.js";
import { CORE_VARIANTS } from "./broken-servers.js";
import { VALUE_VARIANTS } from "./broken-values.js";

export const BROKEN_VARIANTS = [...CORE_VARIANTS, ...LIST_VARIANTS, ...VALUE_VARIANTS];
