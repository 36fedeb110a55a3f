/** The /v2/fungible/msgs request for a route, as a client builds it: the route's own fields, echoed. */
// biome-ignore lint/suspicious/noExplicitAny: route bodies are wire JSON, read by key.
type Json = any;

const ECHOED = [
  "source_asset_denom",
  "source_asset_chain_id",
  "dest_asset_denom",
  "dest_asset_chain_id",
  "amount_in",
  "amount_out",
  "operations",
] as const;

export const msgsRequestFor = (route: Json, address_list: string[], extra: Record<string, unknown> = {}) => ({
  ...Object.fromEntries(ECHOED.map((k) => [k, route[k]])),
  address_list,
  ...extra,
});
