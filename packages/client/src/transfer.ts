/**
 * The whole router flow in one call: route, op-hook (when the route needs one), msgs, then for each
 * tx in order: the caller signs and broadcasts it, the server tracks it, and its status is polled
 * until terminal. The client never signs and never broadcasts; wallets stay with the caller.
 * Flow and shapes: spec/src/paths/router/*.yaml; polling as in the reference notes, section 5.6.
 */
import { callOnce } from "./router-call.js";
import type {
  MsgsRequest,
  MsgsResponse,
  OpHookResponse,
  Route,
  RouteRequest,
  SignableTx,
  SignedOpHook,
  TrackResponse,
  TxStatus,
} from "./router-types.js";
import { abortableSleep } from "./sleep.js";
import { TransferError } from "./transfer-error.js";
import {
  isSuccess,
  type PollOptions,
  pollStatus,
  type TrackingContext,
  type TrackOptions,
  trackUntilAccepted,
} from "./tx-tracking.js";
import type { WeftClient } from "./weft-client.js";

/** The last event: every tx reached a terminal status, or one failed and the rest were not signed. */
export interface TransferDone {
  type: "done";
  /** True when every tx's `state` is `STATE_COMPLETED_SUCCESS`. */
  ok: boolean;
  /** The terminal status of each tx run, in order; a failure is the last entry. */
  statuses: TxStatus[];
}

/** Progress, in the order it happens. Wire objects (`route`, `msgs`, `status`...) are as received. */
export type TransferEvent =
  | { type: "route"; route: Route }
  | { type: "op_hook"; op_hook: OpHookResponse; signed_op_hook: SignedOpHook }
  | { type: "msgs"; msgs: MsgsResponse }
  | { type: "broadcast"; txIndex: number; tx: SignableTx; txHash: string; chainId: string }
  | { type: "tracked"; txIndex: number; track: TrackResponse }
  /** Each status that differs from the previous poll's. */
  | { type: "status"; txIndex: number; status: TxStatus }
  | TransferDone;

/** What the callbacks get besides their subject. */
export interface TransferCallbackContext {
  route: Route;
  /** The transfer's signal: abort a wallet prompt with it. */
  signal: AbortSignal | undefined;
}

export interface TransferOptions {
  /** A Router API client (`createRouterClient`). Its retry middleware, if any, applies to every call. */
  client: WeftClient;
  /** The `POST /v2/fungible/route` body. */
  request: RouteRequest;
  /**
   * One address per `route.required_chain_addresses` entry (the last is the recipient), or a
   * function that builds them from the route. The first and last also address the op-hook.
   */
  addressList: string[] | ((route: Route) => string[] | Promise<string[]>);
  /**
   * Signs the `/op-hook` messages on `hook.chain_id` as one tx (empty fee, gas 1, empty memo) and
   * returns `{signer, hook: base64(TxRaw)}`. Required when the route has `required_op_hook`.
   */
  signOpHook?: (hook: OpHookResponse, context: TransferCallbackContext) => Promise<SignedOpHook>;
  /** Signs and broadcasts one tx (a `cosmos_tx` or an `evm_tx`); returns its hash and chain. */
  signAndBroadcast: (
    tx: SignableTx,
    context: TransferCallbackContext & { txIndex: number },
  ) => Promise<{ txHash: string; chainId: string }>;
  /** Extra `/v2/fungible/msgs` fields. @default the server's (1 % slippage, 300 s IBC timeout) */
  msgsOptions?: Pick<MsgsRequest, "slippage_tolerance_percent" | "timeout_seconds">;
  /** Cancels the flow at the next step or wait; the iterator then throws the signal's reason. */
  signal?: AbortSignal;
  track?: TrackOptions;
  poll?: PollOptions;
  /** Injected by tests. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
}

/**
 * Runs a transfer, yielding its progress. Throws a {@link TransferError} naming the failed step for
 * an HTTP failure, a refused request or a callback's error; a transfer that fails on chain is not an
 * exception but a `done` event with `ok: false`.
 *
 * @example
 * for await (const event of transfer({ client, request, addressList, signAndBroadcast })) {
 *   if (event.type === "done") console.log(event.ok);
 * }
 */
export async function* transfer(options: TransferOptions): AsyncGenerator<TransferEvent, void, undefined> {
  const { client, signal } = options;
  signal?.throwIfAborted();
  const route = await callOnce("route", signal, () =>
    client.POST("/v2/fungible/route", { body: options.request, signal }),
  );
  yield { type: "route", route };
  const context: TransferCallbackContext = { route, signal };

  const addresses =
    typeof options.addressList === "function" ? await options.addressList(route) : options.addressList;
  const signedOpHook = route.required_op_hook ? yield* opHook(options, context, addresses) : undefined;

  signal?.throwIfAborted();
  const msgs = await callOnce("msgs", signal, () =>
    client.POST("/v2/fungible/msgs", {
      body: {
        source_asset_denom: route.source_asset_denom,
        source_asset_chain_id: route.source_asset_chain_id,
        dest_asset_denom: route.dest_asset_denom,
        dest_asset_chain_id: route.dest_asset_chain_id,
        amount_in: route.amount_in,
        amount_out: route.amount_out,
        address_list: addresses,
        operations: route.operations,
        ...options.msgsOptions,
        ...(signedOpHook ? { signed_op_hook: signedOpHook } : {}),
      },
      signal,
    }),
  );
  yield { type: "msgs", msgs };
  if (msgs.txs.length === 0) throw new TransferError({ step: "msgs", message: "msgs returned no txs" });

  const tracking: TrackingContext = {
    client,
    signal,
    sleep: options.sleep ?? abortableSleep,
    random: options.random ?? Math.random,
  };
  const statuses: TxStatus[] = [];
  // One tx at a time: a later tx spends what the earlier one delivered, so it waits for its arrival.
  for (const [txIndex, tx] of msgs.txs.entries()) {
    signal?.throwIfAborted();
    const broadcast = await fromCallback("broadcast", signal, () =>
      options.signAndBroadcast(tx, { ...context, txIndex }),
    );
    yield { type: "broadcast", txIndex, tx, txHash: broadcast.txHash, chainId: broadcast.chainId };
    const onChain = { tx_hash: broadcast.txHash, chain_id: broadcast.chainId };
    const track = await trackUntilAccepted(tracking, onChain, options.track);
    yield { type: "tracked", txIndex, track };
    const polling = pollStatus(tracking, onChain, options.poll);
    let next = await polling.next();
    while (!next.done) {
      yield { type: "status", txIndex, status: next.value };
      next = await polling.next();
    }
    statuses.push(next.value);
    if (!isSuccess(next.value)) break;
  }
  yield { type: "done", ok: statuses.length === msgs.txs.length && statuses.every(isSuccess), statuses };
}

async function* opHook(
  options: TransferOptions,
  context: TransferCallbackContext,
  addresses: string[],
): AsyncGenerator<TransferEvent, SignedOpHook, undefined> {
  const { route, signal } = context;
  const sourceAddress = addresses[0];
  const destAddress = addresses.at(-1);
  if (!options.signOpHook || !sourceAddress || !destAddress) {
    throw new TransferError({
      step: "op_hook",
      message: options.signOpHook
        ? "this route requires an op hook, addressed by addressList's first and last entries, and addressList is empty"
        : "this route requires an op hook (required_op_hook): pass signOpHook to sign it on the destination chain",
    });
  }
  const hook = await callOnce("op_hook", signal, () =>
    options.client.POST("/op-hook", {
      body: {
        source_address: sourceAddress,
        source_asset_chain_id: route.source_asset_chain_id,
        source_asset_denom: route.source_asset_denom,
        dest_address: destAddress,
        dest_asset_chain_id: route.dest_asset_chain_id,
        dest_asset_denom: route.dest_asset_denom,
      },
      signal,
    }),
  );
  const sign = options.signOpHook;
  const signed = await fromCallback("op_hook", signal, () => sign(hook, context));
  yield { type: "op_hook", op_hook: hook, signed_op_hook: signed };
  return signed;
}

/** Runs a caller's callback; its failure becomes a TransferError of the step, unless we were aborted. */
async function fromCallback<T>(
  step: "op_hook" | "broadcast",
  signal: AbortSignal | undefined,
  run: () => Promise<T>,
): Promise<T> {
  try {
    return await run();
  } catch (err) {
    signal?.throwIfAborted();
    const reason = err instanceof Error ? err.message : String(err);
    throw new TransferError({ step, message: `${step} callback failed: ${reason}`, cause: err });
  }
}
