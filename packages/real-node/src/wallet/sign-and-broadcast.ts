/**
 * A wallet's round trip on the node's Cosmos REST: the account's number and sequence, a simulation for
 * the gas (as wallets estimate it; the node's error names the failing message before anything is
 * broadcast), then the signed tx broadcast in sync mode and awaited in a block.
 */
import { type CommittedTx, getJson, waitForTx } from "../node/node-queries.js";
import type { RealNode } from "../node/start-node.js";
import type { EncodeObject, InitiaSigner } from "./initia-signer.js";

const REQUEST_TIMEOUT_MS = 10_000;
/** Gas of the simulation's tx: simulation does not meter against it, it only must be a valid limit. */
const SIMULATION_GAS = 10_000_000n;
/** Headroom over the simulated gas, as `minitiad tx --gas auto --gas-adjustment 1.5` uses. */
const GAS_ADJUSTMENT = 1.5;

interface BaseAccount {
  account: { account_number?: string; sequence?: string };
}

interface TxResponse {
  code: number;
  txhash: string;
  raw_log: string;
}

async function postJson<T>(url: string, body: unknown): Promise<T> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`POST ${url} -> ${res.status}: ${text.slice(0, 1000)}`);
  return JSON.parse(text) as T;
}

const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64");

/**
 * Signs `messages` as `signer` on `node`, broadcasts, waits until the tx is in a block and resolves
 * with where it landed and its result code (the caller decides whether a failure is expected).
 * @throws when simulation or CheckTx refuses the tx, with the node's log
 */
export async function signAndBroadcast(
  node: RealNode,
  signer: InitiaSigner,
  messages: readonly EncodeObject[],
): Promise<CommittedTx> {
  const { account } = await getJson<BaseAccount>(
    `${node.restUrl}/cosmos/auth/v1beta1/accounts/${signer.address}`,
  );
  const signed = (gasLimit: bigint) =>
    signer.sign({
      chainId: node.chainId,
      accountNumber: BigInt(account.account_number ?? "0"),
      sequence: BigInt(account.sequence ?? "0"),
      messages,
      gasLimit,
    });
  const simulated = await postJson<{ gas_info: { gas_used: string } }>(
    `${node.restUrl}/cosmos/tx/v1beta1/simulate`,
    { tx_bytes: base64(await signed(SIMULATION_GAS)) },
  );
  const gas = BigInt(Math.ceil(Number(simulated.gas_info.gas_used) * GAS_ADJUSTMENT));
  const { tx_response: checked } = await postJson<{ tx_response: TxResponse }>(
    `${node.restUrl}/cosmos/tx/v1beta1/txs`,
    { tx_bytes: base64(await signed(gas)), mode: "BROADCAST_MODE_SYNC" },
  );
  if (checked.code !== 0) throw new Error(`tx refused at CheckTx (${checked.code}): ${checked.raw_log}`);
  return waitForTx(node.rpcUrl, checked.txhash);
}
