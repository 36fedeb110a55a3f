/**
 * The Router API wire shapes this package exports by name (README, "Types"). They are the contract's
 * own names from @weft/spec/schemas, shared with the server and the conformance package; the build
 * copies that generated file into dist/ (scripts/bundle-spec-types.mjs).
 */
import type { ErrorBody } from "@weft/spec/schemas";

export type {
  AminoMsg,
  AssetBetweenChains,
  AssetsBetweenChainsRequest,
  AssetsFromSourceRequest,
  BalancesRequest,
  BalancesResponse,
  Bridge,
  IbcOriginAssetsRequest,
  MsgsDirectRequest,
  MsgsDirectResponse,
  MsgsRequest,
  MsgsResponse,
  NftRequest,
  NftResponse,
  OpHookRequest,
  OpHookResponse,
  OptionalAsset,
  RecommendAssetsRequest,
  RecommendationEntry,
  RecommendationReason,
  Route,
  RouteRequest,
  SignableTx,
  SignedOpHook,
  SwapVenue,
  TrackResponse,
  TransactionState,
  TxStatus,
} from "@weft/spec/schemas";

/**
 * The error envelope every non-2xx answer carries: `{code, message, details}` (the contract's
 * `ErrorBody`, under the name this package has exported from the start).
 */
export type ApiErrorBody = ErrorBody;
