/**
 * The callTracer tree minievm v1.2.18 gives every tx it traces (fixtures/real-node/minievm-v1.2.18/
 * debug_traceBlockByNumber.*): a root frame from and to the zero address with empty input and
 * neither value nor output, whose first children are STATICCALLs of the fee token's `decimals()`
 * (two for an EVM tx, one for a Cosmos tx), then what the tx ran: an EVM tx's own CALL/CREATE, or
 * for a Cosmos tx that moved coins the bank's `sudoTransfer` on the coin's ERC-20 per Transfer log.
 * Gas figures are shares of the tx's gas limit in the proportions the recordings show, so a child
 * never has more gas than its parent.
 */
import type { Frame, Log } from "./evm-scenarios.js";
import { TRANSFER_TOPIC } from "./evm-scenarios.js";

export const ZERO_ADDRESS = `0x${"0".repeat(40)}`;
/** The caller minievm's bank uses for `sudoTransfer` (recorded: debug_traceBlockByNumber.bank-send). */
const BANK_CALLER = `0x${"0".repeat(39)}1`;
/** The ERC-20 registry precompile a `sudoTransfer` asks about the recipient (as recorded). */
const REGISTRY_PRECOMPILE = `0x${"0".repeat(38)}f2`;

const DECIMALS_SELECTOR = "0x313ce567";
const SUDO_TRANSFER_SELECTOR = "0x1988513b";
const REGISTRY_CHECK_SELECTOR = "0x4e25ab64";
/** What the recordings show these calls cost, in gas. */
const DECIMALS_GAS_USED = 0x19e9;
const SUDO_TRANSFER_GAS_USED = 0x73c7;
const REGISTRY_CHECK_GAS_USED = 0x4d4;
const INTRINSIC_GAS = 21_000;

const word = (hex: string) => hex.replace(/^0x/, "").padStart(64, "0");
const share = (limit: number, fraction: number) => Math.floor(limit * fraction);

function staticCall(options: {
  from: string;
  to: string;
  input: string;
  output: string;
  gas: number;
  gasUsed: number;
}): Frame {
  return { type: "STATICCALL", value: "", calls: [], ...options };
}

const decimals = (feeToken: string, gas: number): Frame =>
  staticCall({
    from: ZERO_ADDRESS,
    to: feeToken,
    input: DECIMALS_SELECTOR,
    output: `0x${word("12")}`,
    gas,
    gasUsed: DECIMALS_GAS_USED,
  });

function root(gas: number, gasUsed: number, calls: Frame[]): Frame {
  // `value: ""` and `output: "0x"` leave both keys out of the rendered frame, as minievm does.
  return {
    type: "CALL",
    from: ZERO_ADDRESS,
    to: ZERO_ADDRESS,
    input: "0x",
    output: "0x",
    value: "",
    gas,
    gasUsed,
    calls,
  };
}

/**
 * The trace of a signed EVM tx whose own call tree is `top` (`top.gas` is the tx's gas limit): the
 * tx's frame keeps its calls, gas used, output and error, and gets the gas left after the
 * `decimals()` calls.
 */
export function evmTxTrace(top: Frame, feeToken: string): Frame {
  const limit = top.gas;
  return root(limit, Math.min(limit, top.gasUsed + 2 * DECIMALS_GAS_USED + INTRINSIC_GAS), [
    decimals(feeToken, share(limit, 0.946)),
    decimals(feeToken, share(limit, 0.829)),
    { ...top, gas: share(limit, 0.771) },
  ]);
}

/**
 * The trace of a Cosmos tx that emitted EVM logs: one `sudoTransfer(from, to, amount)` of the
 * bank per ERC-20 Transfer log (its contract called by the bank's caller, which asks the registry
 * precompile about the recipient). Logs of other kinds add no frame: the devnet's Cosmos txs emit
 * none.
 */
export function cosmosTxTrace(options: {
  feeToken: string;
  gasLimit: number;
  gasUsed: number;
  logs: Log[];
}): Frame {
  const { gasLimit } = options;
  const transfers = options.logs.filter((l) => l.topics.length === 3 && l.topics[0] === TRANSFER_TOPIC);
  const calls = transfers.map((log): Frame => {
    const [, from = "", to = ""] = log.topics;
    return {
      type: "CALL",
      from: BANK_CALLER,
      to: log.address,
      input: `${SUDO_TRANSFER_SELECTOR}${word(from)}${word(to)}${word(log.data)}`,
      output: "0x",
      value: "0x0",
      gas: share(gasLimit, 0.55),
      gasUsed: SUDO_TRANSFER_GAS_USED,
      calls: [
        staticCall({
          from: log.address,
          to: REGISTRY_PRECOMPILE,
          input: `${REGISTRY_CHECK_SELECTOR}${word(to)}`,
          output: `0x${word("1")}`,
          gas: share(gasLimit, 0.499),
          gasUsed: REGISTRY_CHECK_GAS_USED,
        }),
      ],
    };
  });
  const spent = DECIMALS_GAS_USED + calls.reduce((n, c) => n + c.gasUsed, 0);
  return root(gasLimit, Math.min(gasLimit, Math.max(spent, share(options.gasUsed, 0.985))), [
    decimals(options.feeToken, share(gasLimit, 0.7)),
    ...calls,
  ]);
}
