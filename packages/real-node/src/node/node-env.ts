/**
 * The tier's only inputs: where the node binaries are, from environment variables and nowhere else.
 * Without them every real-node test skips with one line saying which variable to set, so a fresh clone
 * (no binaries) passes.
 */

export interface RealNodeBinaries {
  /** WEFT_MINIEVM_BIN: a minievm `minitiad`. */
  minievm: string | undefined;
  /** WEFT_MINIMOVE_BIN: a minimove `minitiad`. */
  minimove: string | undefined;
  /** WEFT_MOVEVM_LIB_DIR: the folder of libmovevm.x86_64.so and libcompiler.x86_64.so. */
  movevmLibDir: string | undefined;
  /**
   * WEFT_REAL_NODE_REQUIRED=1 (CI sets it when it gave the binaries): a missing binary fails the
   * tier instead of skipping it, so a CI that meant to run it cannot pass without it.
   */
  required: boolean;
}

export function realNodeBinaries(env: NodeJS.ProcessEnv = process.env): RealNodeBinaries {
  const set = (value: string | undefined) => (value && value.trim() !== "" ? value : undefined);
  return {
    minievm: set(env.WEFT_MINIEVM_BIN),
    minimove: set(env.WEFT_MINIMOVE_BIN),
    movevmLibDir: set(env.WEFT_MOVEVM_LIB_DIR),
    required: env.WEFT_REAL_NODE_REQUIRED === "1",
  };
}

/** `reason`, unless the tier is required: then a missing binary is an error, not a skip. */
function skipUnlessRequired(bins: RealNodeBinaries, reason: string | undefined): string | undefined {
  if (reason && bins.required)
    throw new Error(`WEFT_REAL_NODE_REQUIRED=1, but ${reason.replace(/^skipped: /, "")}`);
  return reason;
}

const SEE = "(see packages/real-node/README.md)";

/** Why the minievm tests skip, or undefined when they can run. */
export function minievmSkipReason(bins = realNodeBinaries()): string | undefined {
  return skipUnlessRequired(
    bins,
    bins.minievm ? undefined : `skipped: set WEFT_MINIEVM_BIN to a minievm minitiad binary ${SEE}`,
  );
}

/** Why the minimove tests skip, or undefined when they can run. */
export function minimoveSkipReason(bins = realNodeBinaries()): string | undefined {
  if (!bins.minimove)
    return skipUnlessRequired(bins, `skipped: set WEFT_MINIMOVE_BIN to a minimove minitiad binary ${SEE}`);
  if (!bins.movevmLibDir)
    return skipUnlessRequired(
      bins,
      `skipped: set WEFT_MOVEVM_LIB_DIR to the folder of libmovevm/libcompiler ${SEE}`,
    );
  return undefined;
}
