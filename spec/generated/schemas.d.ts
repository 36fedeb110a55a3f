// Generated from spec/src by `pnpm --filter @weft/spec generate`. Do not edit.
// One name per component schema: import these rather than renaming components["schemas"][...].
import type { components } from "./openapi.js";

/** One problem. */
export type ErrorDetail = components["schemas"]["error-detail"];
/** The one error envelope of both APIs (the kvindexer and Skip Go shape). `code` is a gRPC status code that matches the HTTP status: 3 INVALID_ARGUMENT (400, 415 and any other 4xx), 5 NOT_FOUND (404), 8 RESOURCE_EXHAUSTED (413, 429), 12 UNIMPLEMENTED (405, 501), 2 UNKNOWN (500), 14 UNAVAILABLE (503). */
export type ErrorBody = components["schemas"]["error"];
export type PaginationKey = components["schemas"]["pagination-key"];
/** An amount of one denom. */
export type Coin = components["schemas"]["coin"];
/** A block, every number as a decimal string, keys in the reference order. */
export type Block = components["schemas"]["block"];
/** Paging state of a list, with all three keys always present. **Decision:** `next_key` is null on the last page (the reference also emits one on a short last page, which costs clients one extra, empty request); clients that loop until `next_key` is null work the same with both. */
export type Pagination = components["schemas"]["pagination"];
/** An ABCI event. `index` appears only when true; `value` is always there, `""` when the node's attribute is empty (a zero fee is `{"key":"fee","value":"","index":true}`), as Initia nodes and the reference serve it. */
export type AbciEvent = components["schemas"]["event"];
/** A Cosmos tx as the reference serves it (Cosmos TxResponse-like, 13 keys in this order). `tx` is the node's REST JSON of the tx without a top-level "@type". */
export type TxResponse = components["schemas"]["tx-response"];
/** A page of Cosmos txs. */
export type TxsPage = components["schemas"]["txs-page"];
/** An EVM log of a receipt, as `eth_getBlockReceipts` returns it. */
export type EvmLog = components["schemas"]["evm-log"];
/** An EVM tx as its receipt (the subset of `eth_getBlockReceipts` the reference stores). */
export type EvmTx = components["schemas"]["evm-tx"];
/** One call frame of an EVM tx's call trace (callTracer), numbered depth-first from 0 (the top call, whose `parent_index` is -1 and whose `output` is "0x"). */
export type EvmInternalTx = components["schemas"]["evm-internal-tx"];
/** An NFT collection (rollytics shape). `nfts.length` is the current supply; `handle` is always "". */
export type NftCollection = components["schemas"]["nft-collection"];
/** An NFT (rollytics shape). `height`/`timestamp` are those of its last mint, transfer or URI change. */
export type NftToken = components["schemas"]["nft-token"];
/** One holder of a denom. */
export type RichListHolder = components["schemas"]["rich-list-holder"];
/** A chain id, always a string (EVM chains included, e.g. `"1"`). */
export type ChainId = components["schemas"]["chain-id"];
/** A denom the chain accepts for tx fees, with its gas prices. */
export type FeeAsset = components["schemas"]["fee-asset"];
/** A chain the router can route to or from (Skip `Chain`, plus Initia's `rpc`, `rest`, `hidden` and `evm_fee_asset`, which InterwovenKit reads to poll accounts and sign). */
export type Chain = components["schemas"]["chain"];
/** A fungible asset on one chain (Skip `Asset`, plus Initia's `hidden`). `origin_*` name where it was first issued and `trace` how it travelled (`transfer/channel-0` for IBC; `""` for native and for OPinit-bridged `l2/...` denoms, whose origin is the L1). */
export type Asset = components["schemas"]["asset"];
/** The wallets to read, by chain. */
export type BalancesRequest = components["schemas"]["balances-request"];
/** An integer amount in the asset's base units, as a decimal string (amounts exceed 2^53). */
export type Amount = components["schemas"]["amount"];
/** Why a balance could not be read (the node failed, timed out or refused the query). */
export type BalanceError = components["schemas"]["balance-error"];
/** The balance of one denom. */
export type BalanceEntry = components["schemas"]["balance-entry"];
/** The balances, by chain and denom, keyed as the request asked. */
export type BalancesResponse = components["schemas"]["balances-response"];
/** The bridge a hop uses: `IBC` (ICS-20 transfer), `OPINIT` (Initia's optimistic bridge between an L1 and a rollup), `LAYER_ZERO` (LayerZero OFT). */
export type BridgeType = components["schemas"]["bridge-type"];
/** A bridge the router routes over (Skip `Bridge`). */
export type Bridge = components["schemas"]["bridge"];
/** Two chains; the answer lists the assets that can move from the first to the second. */
export type AssetsBetweenChainsRequest = components["schemas"]["assets-between-chains-request"];
/** An asset on the source chain, what it becomes on the destination chain, and the route between them. */
export type AssetBetweenChains = components["schemas"]["asset-between-chains"];
/** Assets to look up, by chain and denom. */
export type IbcOriginAssetsRequest = components["schemas"]["ibc-origin-assets-request"];
/** Where an asset was first issued (Skip `OptionalAsset`): `asset` is the origin asset, as `/v2/fungible/assets` lists it on its origin chain. `asset_found` is false, and `asset` absent, when the chain or the denom is not in the registry. */
export type OptionalAsset = components["schemas"]["optional-asset"];
/** A source asset; the answer lists every asset a transfer of it can arrive as. */
export type AssetsFromSourceRequest = components["schemas"]["assets-from-source-request"];
/** A swap venue (Skip `SwapVenue`). */
export type SwapVenue = components["schemas"]["swap-venue"];
/** Where from, where to and how much. */
export type RouteRequest = components["schemas"]["route-request"];
/** An ICS-20 IBC transfer hop (Skip `Transfer`). */
export type IbcTransferOp = components["schemas"]["ibc-transfer-op"];
/** A hop over Initia's optimistic bridge (OPinit): a deposit L1 -> rollup (`MsgInitiateTokenDeposit` on the L1, finalized on the rollup by its bridge executor) or a withdrawal rollup -> L1 (`MsgInitiateTokenWithdrawal`, claimable on the L1 after the finalization period). */
export type OpInitTransferOp = components["schemas"]["op-init-transfer-op"];
/** A LayerZero OFT hop (`send` on the source OFT contract to a destination endpoint id). */
export type LayerZeroTransferOp = components["schemas"]["layer-zero-transfer-op"];
/** A contract call on one chain in Skip's `evm_swap` shape. */
export type EvmSwapOp = components["schemas"]["evm-swap-op"];
/** One step of a route: exactly one variant key (`transfer`, `op_init_transfer`, `layer_zero_transfer`, `evm_swap` (a minievm wrapper conversion), or, only echoed back from other routers, `bank_send`, `swap`, `axelar_transfer`, `cctp_transfer`, `hyperlane_transfer`, `go_fast_transfer`, `stargate_transfer`, `eureka_transfer`), beside `tx_index` (which `/v2/fungible/msgs` tx executes it) and its own `amount_in` / `amount_out`. */
export type Operation = components["schemas"]["operation"];
/** A fee the route charges (Skip `Fee`). */
export type Fee = components["schemas"]["fee"];
/** A route: the operations, in order, that carry `amount_in` of the source asset to the destination. */
export type Route = components["schemas"]["route"];
/** The route's assets and the two addresses; the hook is for `dest_asset_chain_id`, signed by `dest_address`. */
export type OpHookRequest = components["schemas"]["op-hook-request"];
/** One Cosmos message to sign: `msg_type_url` is the protobuf type URL, `msg` a JSON string of the message in amino-JSON field names (snake_case), which clients decode with their amino converters. 64-bit numbers inside it (e.g. `timeout_timestamp`) are JSON numbers kept exact because `msg` stays a string. */
export type CosmosMsg = components["schemas"]["cosmos-msg"];
/** Messages the recipient signs as a tx on `chain_id` (fee empty, gas 1, memo empty); the signed tx is the deposit's hook. */
export type OpHookResponse = components["schemas"]["op-hook-response"];
/** Accepted slippage in percent (default `"1"`, at most 100); lowers `min_amount_out`. */
export type SlippageTolerancePercent = components["schemas"]["slippage-tolerance-percent"];
/** IBC timeout in seconds from now (default 300). */
export type TimeoutSeconds = components["schemas"]["timeout-seconds"];
/** The `/op-hook` messages signed by the recipient on the destination chain. */
export type SignedOpHook = components["schemas"]["signed-op-hook"];
/** Build the signable txs of a route: send back the route's asset fields, amounts and `operations` verbatim (unknown keys inside them are ignored), plus one address per `required_chain_addresses` entry, in the same order. */
export type MsgsRequest = components["schemas"]["msgs-request"];
/** A Cosmos tx to sign on `chain_id` by `signer_address`, messages in order. */
export type SignableCosmosTx = components["schemas"]["signable-cosmos-tx"];
/** An EVM tx to send on `chain_id` from `signer_address`. */
export type SignableEvmTx = components["schemas"]["signable-evm-tx"];
/** One tx of the route to sign and broadcast, with the indices of the operations it executes. */
export type SignableTx = components["schemas"]["signable-tx"];
/** Deprecated form of a tx (Skip `Msg`), still emitted because older clients read it. */
export type Msg = components["schemas"]["msg"];
/** The txs to sign, source-chain tx first (InterwovenKit signs `txs[0]`). */
export type MsgsResponse = components["schemas"]["msgs-response"];
/** An NFT send as Initia's wallet (InterwovenKit) asks for it: one or more tokens of one collection from `from_address` on `from_chain_id` to `to_address` on `to_chain_id`. */
export type NftRequest = components["schemas"]["nft-request"];
/** One message in amino JSON, the form Initia's wallet converts with `@initia/amino-converter` (`AminoTypes.fromAmino`) before signing: `type` is the amino name (`move/MsgExecute`, `evm/MsgCall`, `wasm/MsgExecuteContract`, `nft-transfer/MsgTransfer`), `value` the message with snake_case fields, 64-bit numbers as decimal strings, Move arguments as base64 BCS and a CosmWasm `msg` as a JSON object. */
export type AminoMsg = components["schemas"]["amino-msg"];
/** The messages to sign on `from_chain_id`, in order, as one tx. */
export type NftResponse = components["schemas"]["nft-response"];
/** A route request (every field of `/v2/fungible/route`, with the same rules: exactly one of `amount_in` and `amount_out`, the same Skip options accepted and ignored) plus what `/v2/fungible/msgs` needs besides the route: an address for each chain the route passes through, keyed by chain id, and the slippage and timeout. */
export type MsgsDirectRequest = components["schemas"]["msgs-direct-request"];
/** What `/v2/fungible/msgs` answers for the route `/v2/fungible/route` finds, plus that route: the same `txs`, `msgs`, `min_amount_out` and `estimated_fees` as the two calls in a row with the same input and clock. */
export type MsgsDirectResponse = components["schemas"]["msgs-direct-response"];
/** Why an asset is recommended (Skip `Reason`): */
export type RecommendationReason = components["schemas"]["recommendation-reason"];
/** A source asset and the chain to recommend an asset on (Skip `RecommendationRequest`). */
export type RecommendationRequest = components["schemas"]["recommendation-request"];
/** Asset recommendations for several source assets at once; one entry each in the answer, in order. */
export type RecommendAssetsRequest = components["schemas"]["recommend-assets-request"];
/** A recommended destination asset and why (Skip `AssetRecommendation`). */
export type AssetRecommendation = components["schemas"]["asset-recommendation"];
/** The answer to one request: its recommendations, best first (`BASE_TOKEN`, then `DIRECT`, then `UNKNOWN`; within a reason, fewer txs, then the shorter estimated duration, then registry order). */
export type RecommendationEntry = components["schemas"]["recommendation-entry"];
/** A broadcast tx to track. */
export type TrackRequest = components["schemas"]["track-request"];
/** The tx is tracked. */
export type TrackResponse = components["schemas"]["track-response"];
/** Detailed state of a transfer (Skip `TransactionState`): */
export type TransactionState = components["schemas"]["transaction-state"];
/** A tx on one chain that moved the transfer along; null until it is seen. */
export type ChainTransaction = components["schemas"]["chain-transaction"];
/** Why an IBC packet failed; null when it did not. */
export type PacketError = components["schemas"]["packet-error"];
/** One hop of a tracked transfer: exactly one key. */
export type TransferEvent = components["schemas"]["transfer-event"];
/** Where the funds are now that the transfer is over (or being refunded); null while in flight. */
export type TransferAssetRelease = components["schemas"]["transfer-asset-release"];
/** Why a transfer failed; null when it did not. */
export type StatusError = components["schemas"]["status-error"];
/** One independent transfer started by the tx (a tx may start several). */
export type TransferStatus = components["schemas"]["transfer-status"];
/** The tracked transfer(s) of a tx. */
export type TxStatus = components["schemas"]["tx-status"];
/** Outcome of the readiness checks. */
export type Readiness = components["schemas"]["readiness"];
