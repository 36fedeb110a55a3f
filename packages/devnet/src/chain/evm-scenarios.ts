/**
 * What an EVM tx of the devnet does, as a call tree plus the logs it emits: ERC-20 transfers,
 * ERC-721 mints and transfers, a router that DELEGATECALLs its implementation and STATICCALLs a
 * token, a factory that CREATEs a contract, and top-level deployments. Pure functions of the
 * random stream they are given, so a block stays a function of (seed, height).
 */
import { keccak_256 } from "@noble/hashes/sha3.js";

export interface Frame {
  type: "CALL" | "STATICCALL" | "DELEGATECALL" | "CREATE";
  from: string;
  to: string;
  input: string;
  output: string;
  value: string;
  gas: number;
  gasUsed: number;
  error?: string;
  calls: Frame[];
}

export interface Log {
  address: string;
  topics: string[];
  data: string;
}

export interface Scenario {
  kind: "erc20-transfer" | "nft-mint" | "router-swap" | "factory-create" | "deploy";
  /** The top call (for a deployment its `to` is the created contract). */
  top: Frame;
  logs: Log[];
  /** Set for a top-level deployment: the tx has no `to` and creates this contract. */
  created?: string;
}

/** The devnet's fixed contracts, addresses derived from the seed. */
export interface Contracts {
  token: string;
  nft: string;
  router: string;
  routerImpl: string;
  factory: string;
}

export const TRANSFER_TOPIC = `0x${Buffer.from(keccak_256(new TextEncoder().encode("Transfer(address,address,uint256)"))).toString("hex")}`;
const CREATED_TOPIC = `0x${Buffer.from(keccak_256(new TextEncoder().encode("ContractCreated(address)"))).toString("hex")}`;

export const addressFrom = (label: string): string =>
  `0x${Buffer.from(keccak_256(new TextEncoder().encode(label)))
    .subarray(12)
    .toString("hex")}`;

export function contractsOf(seed: number): Contracts {
  return {
    token: addressFrom(`devnet-${seed}-erc20`),
    nft: addressFrom(`devnet-${seed}-erc721`),
    router: addressFrom(`devnet-${seed}-router`),
    routerImpl: addressFrom(`devnet-${seed}-router-impl`),
    factory: addressFrom(`devnet-${seed}-factory`),
  };
}

const word = (hex: string) => hex.replace(/^0x/, "").padStart(64, "0");
const uint = (n: number | bigint) => word(BigInt(n).toString(16));
const topicOf = (address: string) => `0x${word(address)}`;
const ZERO = "0x0000000000000000000000000000000000000000";
const TRUE = `0x${uint(1)}`;

const erc20Transfer = (token: string, from: string, to: string, amount: bigint): Log => ({
  address: token,
  topics: [TRANSFER_TOPIC, topicOf(from), topicOf(to)],
  data: `0x${uint(amount)}`,
});
/** An ERC-721 `Transfer` log: from, to and the token id indexed (4 topics), no data. */
export const erc721Transfer = (nft: string, from: string, to: string, tokenId: number | bigint): Log => ({
  address: nft,
  topics: [TRANSFER_TOPIC, topicOf(from), topicOf(to), `0x${uint(tokenId)}`],
  data: "0x",
});

/** Builds a frame; gas figures shrink with depth so a child never outspends its parent. */
function frame(
  rand: () => number,
  depth: number,
  f: Omit<Frame, "gas" | "gasUsed" | "calls" | "output" | "value"> &
    Partial<Pick<Frame, "calls" | "output" | "value">>,
): Frame {
  const gas = Math.floor(300_000 / (depth + 1)) + Math.floor(rand() * 10_000);
  return {
    output: "0x",
    value: "0x0",
    calls: [],
    ...f,
    gas,
    gasUsed: Math.floor(gas * (0.1 + rand() * 0.5)),
  };
}

/**
 * One scenario for `user` (its other party `peer`).
 * @param label unique per tx: names created contracts and token ids deterministically.
 */
export function pickScenario(options: {
  rand: () => number;
  user: string;
  peer: string;
  contracts: Contracts;
  label: string;
  tokenId: number;
  /** This kind whatever the roll (the stream is drawn as usual). @default the roll's */
  force?: "nft-mint" | "erc20-transfer" | undefined;
}): Scenario {
  const { rand, user, peer, contracts: c, tokenId } = options;
  const amount = BigInt(1 + Math.floor(rand() * 1_000_000)) * 10n ** 12n;
  const drawn = rand();
  const roll = options.force === "nft-mint" ? 0.4 : options.force === "erc20-transfer" ? 0.1 : drawn;
  if (roll < 0.3) {
    const top = frame(rand, 0, {
      type: "CALL",
      from: user,
      to: c.token,
      input: `0xa9059cbb${word(peer)}${uint(amount)}`,
      output: TRUE,
    });
    return { kind: "erc20-transfer", top, logs: [erc20Transfer(c.token, user, peer, amount)] };
  }
  if (roll < 0.5) {
    const top = frame(rand, 0, {
      type: "CALL",
      from: user,
      to: c.nft,
      input: `0x6a627842${word(user)}`,
      output: `0x${uint(tokenId)}`,
      calls: [
        frame(rand, 1, {
          type: "STATICCALL",
          from: c.nft,
          to: c.token,
          input: `0x70a08231${word(user)}`,
          output: `0x${uint(amount * 3n)}`,
          value: "",
        }),
        frame(rand, 1, {
          type: "CALL",
          from: c.nft,
          to: c.token,
          input: `0x23b872dd${word(user)}${word(c.nft)}${uint(amount)}`,
          output: TRUE,
        }),
      ],
    });
    return {
      kind: "nft-mint",
      top,
      logs: [erc20Transfer(c.token, user, c.nft, amount), erc721Transfer(c.nft, ZERO, user, tokenId)],
    };
  }
  if (roll < 0.75) {
    const impl = frame(rand, 1, {
      type: "DELEGATECALL",
      from: c.router,
      to: c.routerImpl,
      input: `0x7ff36ab5${uint(amount)}${word(user)}`,
      value: "",
      calls: [
        frame(rand, 2, {
          type: "STATICCALL",
          from: c.router,
          to: c.token,
          input: `0x70a08231${word(c.router)}`,
          output: `0x${uint(amount * 10n)}`,
          value: "",
        }),
        frame(rand, 2, {
          type: "CALL",
          from: c.router,
          to: c.token,
          input: `0xa9059cbb${word(user)}${uint(amount)}`,
          output: TRUE,
        }),
        frame(rand, 2, {
          type: "CALL",
          from: c.router,
          to: c.nft,
          input: `0x23b872dd${word(c.router)}${word(peer)}${uint(tokenId)}`,
        }),
      ],
    });
    const top = frame(rand, 0, {
      type: "CALL",
      from: user,
      to: c.router,
      input: `0x38ed1739${uint(amount)}`,
      calls: [impl],
    });
    return {
      kind: "router-swap",
      top,
      logs: [erc20Transfer(c.token, c.router, user, amount), erc721Transfer(c.nft, c.router, peer, tokenId)],
    };
  }
  const created = addressFrom(`${options.label}-created`);
  const code = `0x6080604052${Buffer.from(options.label).toString("hex")}`;
  if (roll < 0.9) {
    const top = frame(rand, 0, {
      type: "CALL",
      from: user,
      to: c.factory,
      input: `0x9c4d535b${uint(tokenId)}`,
      output: `0x${word(created)}`,
      calls: [
        frame(rand, 1, { type: "CREATE", from: c.factory, to: created, input: code, output: "0x6080" }),
      ],
    });
    return {
      kind: "factory-create",
      top,
      logs: [{ address: c.factory, topics: [CREATED_TOPIC, topicOf(created)], data: "0x" }],
    };
  }
  const top = frame(rand, 0, { type: "CREATE", from: user, to: created, input: code, output: "0x6080" });
  return { kind: "deploy", top, logs: [], created };
}

/** An ABI-encoded `string` return value. */
export function abiString(text: string): string {
  const bytes = Buffer.from(text, "utf8");
  const padded = bytes.toString("hex").padEnd(Math.ceil(bytes.length / 32) * 64, "0");
  return `0x${uint(32)}${uint(bytes.length)}${padded}`;
}

/**
 * What the devnet's ERC-721 answers to `eth_call`: `name()` (0x06fdde03) and `tokenURI(uint256)`
 * (0xc87b56dd; any id, the devnet keeps no state to refuse an unminted one). Undefined: a revert.
 */
export function erc721Call(nft: string, seed: number, to: string, data: string): string | undefined {
  if (to.toLowerCase() !== nft) return undefined;
  const input = data.toLowerCase().replace(/^0x/, "");
  if (input === "06fdde03") return abiString(`Weft Devnet NFT ${seed}`);
  if (input.startsWith("c87b56dd") && input.length === 8 + 64) {
    return abiString(`https://devnet.weft.example/evm/${seed}/${BigInt(`0x${input.slice(8)}`)}`);
  }
  return undefined;
}

/** A reverted tx keeps its call tree (the trace shows what ran) but emits no logs. */
export function revert(scenario: Scenario): Scenario {
  const reason = `0x08c379a0${uint(32)}${uint(9)}${Buffer.from("reverted!").toString("hex").padEnd(64, "0")}`;
  return { ...scenario, top: { ...scenario.top, error: "execution reverted", output: reason }, logs: [] };
}

/** Frames in depth-first pre-order with their parent's index (-1 for the top call). */
export function flatten(top: Frame): { frame: Frame; index: number; parentIndex: number }[] {
  const out: { frame: Frame; index: number; parentIndex: number }[] = [];
  const visit = (f: Frame, parentIndex: number) => {
    const index = out.length;
    out.push({ frame: f, index, parentIndex });
    for (const child of f.calls) visit(child, index);
  };
  visit(top, -1);
  return out;
}
