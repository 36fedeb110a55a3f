/**
 * A real Weft for this package's tests: the kit's `weft dev` (@weft/testkit/weft-dev) run from the
 * @weft/server this package depends on (turbo builds it before these tests).
 */

import { weftCliOf } from "@weft/testkit/spawn-weft";
import { startWeftDev as startDev, type WeftDev, type WeftDevOptions } from "@weft/testkit/weft-dev";

export type { WeftDev };

/** Starts `weft dev`; a number is the old form, `minTxBlocks` alone. */
export function startWeftDev(options: Omit<WeftDevOptions, "cli"> | number = {}): Promise<WeftDev> {
  const rest = typeof options === "number" ? { minTxBlocks: options } : options;
  return startDev({ cli: weftCliOf(import.meta.url), ...rest });
}
