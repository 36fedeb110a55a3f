/**
 * Names for the Router API's wire shapes, taken from the generated contract types (never redeclared),
 * in the wire's snake_case. See spec/src/components/schemas/router/.
 */
import type { components } from "@weft/spec/types";

type Schemas = components["schemas"];

export type BalancesRequest = Schemas["balances-request"];
export type BalancesResponse = Schemas["balances-response"];
export type Bridge = Schemas["bridge"];
export type AssetsBetweenChainsRequest = Schemas["assets-between-chains-request"];
export type AssetBetweenChains = Schemas["asset-between-chains"];
export type IbcOriginAssetsRequest = Schemas["ibc-origin-assets-request"];
export type OptionalAsset = Schemas["optional-asset"];
export type AssetsFromSourceRequest = Schemas["assets-from-source-request"];
export type RouteRequest = Schemas["route-request"];
export type Route = Schemas["route"];
export type OpHookRequest = Schemas["op-hook-request"];
export type OpHookResponse = Schemas["op-hook-response"];
export type SignedOpHook = Schemas["signed-op-hook"];
export type MsgsRequest = Schemas["msgs-request"];
export type MsgsResponse = Schemas["msgs-response"];
export type SignableTx = Schemas["signable-tx"];
export type MsgsDirectRequest = Schemas["msgs-direct-request"];
export type MsgsDirectResponse = Schemas["msgs-direct-response"];
export type SwapVenue = Schemas["swap-venue"];
export type RecommendAssetsRequest = Schemas["recommend-assets-request"];
export type RecommendationEntry = Schemas["recommendation-entry"];
export type RecommendationReason = Schemas["recommendation-reason"];
export type NftRequest = Schemas["nft-request"];
export type NftResponse = Schemas["nft-response"];
/** One message of `POST /nft` in amino JSON, for `AminoTypes.fromAmino` of @initia/amino-converter. */
export type AminoMsg = Schemas["amino-msg"];
export type TrackResponse = Schemas["track-response"];
export type TxStatus = Schemas["tx-status"];
export type TransactionState = Schemas["transaction-state"];
/** The error envelope every non-2xx answer carries: `{code, message, details}`. */
export type ApiErrorBody = Schemas["error"];
