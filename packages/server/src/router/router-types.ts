/** Wire types of the Router API, from the contract (spec/generated/openapi.d.ts). */
import type { components } from "@weft/spec/types";

type S = components["schemas"];
export type AssetJson = S["asset"];
export type ChainJson = S["chain"];
export type RouteJson = S["route"];
export type OperationJson = S["operation"];
export type FeeJson = S["fee"];
export type CosmosMsgJson = S["cosmos-msg"];
export type SignableTxJson = S["signable-tx"];
export type MsgJson = S["msg"];
export type EvmTxJson = S["signable-evm-tx"];
export type RouteRequestJson = S["route-request"];
export type MsgsRequestJson = S["msgs-request"];
export type OpHookRequestJson = S["op-hook-request"];
export type SwapVenueJson = S["swap-venue"];
export type MsgsResponseJson = S["msgs-response"];
