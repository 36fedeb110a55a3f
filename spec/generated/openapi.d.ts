// Generated from spec/src by `pnpm --filter @weft/spec generate`. Do not edit.
export interface paths {
    "/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Indexer status
         * @description What this indexer has ingested: the chain id and the latest indexed height (from the ingestion
         *     checkpoint). `version` and `commit_hash` describe the running build (fixed when it was built: the
         *     package version and `git rev-parse HEAD`, else "unknown"). `internal_tx_height` (EVM chains only)
         *     and `rich_list_height` are present as the reference emits them (omitted when 0); Weft writes a
         *     block's internal txs and rich-list changes with the block, so both equal `height`. 503 until the
         *     first block is indexed (the reference answers 500 there).
         */
        get: operations["getStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/indexer/block/v1/avg_blocktime": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Average block time
         * @description Mean seconds between blocks over the latest 100 indexed blocks; 0 with fewer than 2.
         */
        get: operations["getAvgBlockTime"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/indexer/block/v1/blocks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List blocks
         * @description Blocks, newest first by default, paged by a `{"height":N}` cursor. `pagination.total` is the latest
         *     indexed height whatever `count_total` says (as the reference).
         */
        get: operations["listBlocks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/indexer/block/v1/blocks/{height}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a block
         * @description One block by height (a positive decimal integer).
         */
        get: operations["getBlock"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/indexer/tx/v1/txs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List txs
         * @description Every indexed Cosmos tx, newest first by default, paged by a `{"sequence":N}` cursor (the
         *     indexing order: block height, then position in the block). Filter by message types with `msgs`.
         */
        get: operations["listTxs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/indexer/tx/v1/txs/by_account/{account}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List an account's txs
         * @description Txs that involve the account: signed by it, or naming it (bech32 or hex) in any event attribute.
         *     An account never seen gives an empty page with total "0".
         */
        get: operations["listTxsByAccount"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/indexer/tx/v1/txs/by_height/{height}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a block's txs
         * @description The txs of one block, in block order when `pagination.reverse=false`.
         */
        get: operations["listTxsByHeight"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/indexer/tx/v1/txs/{tx_hash}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a tx
         * @description One Cosmos tx by hash.
         */
        get: operations["getTx"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/indexer/tx/v1/evm-txs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List EVM txs
         * @description Every indexed EVM tx (receipt form), newest first by default, paged by a `{"sequence":N}` cursor. EVM chains only.
         */
        get: operations["listEvmTxs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/indexer/tx/v1/evm-txs/by_account/{account}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List an account's EVM txs
         * @description EVM txs whose sender, recipient, created contract, log address or address-like log topic is the account. `is_signer=true` keeps those it sent.
         */
        get: operations["listEvmTxsByAccount"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/indexer/tx/v1/evm-txs/by_height/{height}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a block's EVM txs
         * @description The EVM txs of one block; with `pagination.reverse=false` in block order (explorers pair them with the node by position).
         */
        get: operations["listEvmTxsByHeight"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/indexer/tx/v1/evm-txs/{tx_hash}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an EVM tx
         * @description One EVM tx (receipt form) by hash; 404 `tx not found` when unknown.
         */
        get: operations["getEvmTx"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/indexer/tx/v1/evm-internal-txs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List internal txs
         * @description Every call frame of every traced EVM tx, newest first by default.
         */
        get: operations["listEvmInternalTxs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/indexer/tx/v1/evm-internal-txs/by_account/{account}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List an account's internal txs
         * @description Call frames whose `from` or `to` is the account.
         */
        get: operations["listEvmInternalTxsByAccount"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/indexer/tx/v1/evm-internal-txs/by_height/{height}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a block's internal txs
         * @description Call frames of the EVM txs of one block.
         */
        get: operations["listEvmInternalTxsByHeight"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/indexer/tx/v1/evm-internal-txs/{tx_hash}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a tx's internal txs
         * @description The call frames of one EVM tx in depth-first order with `pagination.reverse=false`; 404 `transaction not found` for an unknown hash.
         */
        get: operations["listEvmInternalTxsByHash"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/indexer/nft/v1/collections": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List NFT collections
         * @description Every collection, newest first by default (creation height, then address); `next_key` is a cursor, offset keys are accepted too.
         */
        get: operations["listNftCollections"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/indexer/nft/v1/collections/by_account/{account}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List an account's collections
         * @description Collections in which the account owns at least one NFT; an unknown account gives an empty page; paged like the collection list.
         */
        get: operations["listNftCollectionsByAccount"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/indexer/nft/v1/collections/by_name/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Find collections by name
         * @description Collections whose name or origin name contains the text (case-insensitive), newest first; `next_key` is a cursor (the reference ignores JSON keys here and emits offsets), offset keys are accepted too.
         */
        get: operations["listNftCollectionsByName"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/indexer/nft/v1/collections/{collection_addr}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an NFT collection
         * @description One collection by address; 404 `nft collection not found` when unknown.
         */
        get: operations["getNftCollection"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/indexer/nft/v1/tokens/by_account/{account}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List an account's NFTs
         * @description NFTs the account owns, optionally of one collection or one token id; ordered by `order_by`, then collection; `next_key` is a cursor, offset keys are accepted too.
         */
        get: operations["listNftTokensByAccount"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/indexer/nft/v1/tokens/by_collection/{collection_addr}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a collection's NFTs
         * @description NFTs of one collection, ordered by `order_by`; an unknown collection gives an empty page (not 404); `next_key` is a cursor, offset keys are accepted too.
         */
        get: operations["listNftTokensByCollection"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/indexer/nft/v1/txs/{collection_addr}/{token_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List an NFT's txs
         * @description The Cosmos txs that touched one NFT, newest first by default, `{"sequence":N}` cursors.
         */
        get: operations["listNftTxs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/indexer/richlist/v1/{denom}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the holders of a denom
         * @description Holders by balance, largest first by default (smallest with `pagination.reverse=false`), then holder; `next_key` is a cursor, offsets are accepted too (`pagination.offset`, the explorer's page numbers); `total` (holders with a positive balance) is given even without `count_total`.
         */
        get: operations["listRichList"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/info/chains": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List chains
         * @description The chains of the router's registry, with Initia's `rpc`/`rest` endpoints. Unknown `chain_ids`
         *     are a 400 rather than silently dropped, so a typo does not look like an empty registry.
         */
        get: operations["getChains"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/fungible/assets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List assets by chain
         * @description Every routable asset of the registry, grouped by chain id.
         */
        get: operations["getAssets"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/info/balances": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Read wallet balances
         * @description Reads each wallet's balances from its chain's node, as InterwovenKit's bridge form does before
         *     it lets a user preview a route: bank balances over Cosmos REST on Cosmos and Initia chains
         *     (`evm/`, `l2/`, `ibc/` and `move/` denoms included), `eth_getBalance` and ERC-20 `balanceOf`
         *     over JSON-RPC on `chain_type: "evm"` chains. Chains are read in parallel with a bounded number
         *     of node reads in flight and a timeout per chain, so a node that fails or hangs costs at most
         *     its timeout and shows as an `error` inside a 200, never as a failed request.
         */
        post: operations["getBalances"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/info/bridges": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List bridges
         * @description The bridges the registry's connections use: `IBC` when two chains share a transfer channel,
         *     `OPINIT` when a rollup has an OPinit bridge, `LAYER_ZERO` when OFT peers sit on LayerZero chains.
         *     A bridge no route can take is not listed.
         */
        get: operations["getBridges"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/fungible/assets_between_chains": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * List assets transferable between two chains
         * @description Every asset of the source chain paired with each asset of the destination chain that
         *     `/v2/fungible/route` finds a route to (no swaps: the same asset, or its LayerZero OFT peer), with
         *     the route's tx count and bridges. Without `allow_multi_tx`, pairs whose only route needs more than
         *     one signed tx are left out.
         */
        post: operations["getAssetsBetweenChains"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/fungible/ibc_origin_assets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Find the origin of assets
         * @description For each asset, the asset it was first issued as (its `origin_chain_id` and `origin_denom`, as the
         *     registry derives them from IBC traces, OPinit bridges and wrappers), in the order asked. An asset
         *     the registry does not know is `asset_found: false`, not an error.
         */
        post: operations["getIbcOriginAssets"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/fungible/assets_from_source": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * List assets reachable from a source asset
         * @description Every asset, on any chain, that `/v2/fungible/route` finds a route to from the source asset (no
         *     swaps), grouped by chain. Without `allow_multi_tx` only single-tx routes count, as Skip's default.
         */
        post: operations["getAssetsFromSource"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/fungible/route": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Find a route
         * @description Computes how to move an asset between chains over IBC (multi-hop with packet-forward middleware
         *     where the chains support it), the OPinit bridge (deposit L1 -> rollup, withdrawal rollup -> L1 with
         *     `is_op_withdraw`) and LayerZero. Assets first unwind to their origin chain, then go forward.
         *     Among the routes found Weft prefers the fewest user txs, then the shortest estimated duration, then
         *     the lowest fees; the result is deterministic. No route is a 404 with code 5 whose message names the
         *     missing link (and `info` suggests what to try).
         */
        post: operations["getRoute"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/op-hook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Build the OPinit hook for a deposit
         * @description For a route with `required_op_hook`, the messages the recipient signs on the destination rollup so
         *     the deposit finishes as the requested asset (on a minievm rollup: approve the decimal wrapper for the
         *     deposited `l2/...` coin and wrap it into the 18-decimal ERC-20). Sign them as one tx (empty fee,
         *     gas 1, empty memo) and pass `{signer, hook: base64(tx)}` as `signed_op_hook` to
         *     `/v2/fungible/msgs`; the rollup executes it when it finalizes the deposit.
         */
        post: operations["getOpHook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/fungible/msgs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Build the txs to sign
         * @description Deterministic signable txs for a route: IBC `MsgTransfer` (a packet-forward memo for multi-hop,
         *     timeout `timeout_seconds` from now), OPinit `MsgInitiateTokenDeposit` (carrying the signed hook in
         *     `data`) or `MsgInitiateTokenWithdrawal`, and contract calls (the decimal wrapper's unwrap, a
         *     LayerZero OFT `send`): on an Initia minievm rollup, listed with `chain_type: cosmos` and signed with
         *     the Cosmos signer, a `cosmos_tx` of `/minievm.evm.v1.MsgCall`s (each ERC-20 approval its own `approve`
         *     call first; `value` the messaging fee); an `evm_tx` only on `chain_type: evm` chains. Weft never signs and
         *     never broadcasts. `address_list` is checked against each chain (bech32 prefix or 0x hex);
         *     `min_amount_out` applies `slippage_tolerance_percent`. A route with `required_op_hook` and no
         *     `signed_op_hook` is a 400.
         */
        post: operations["getMsgs"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nft": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Build the messages that send NFTs
         * @description The messages Initia's wallet (InterwovenKit) signs to send NFTs, as one tx on `from_chain_id`, in
         *     amino JSON (`{type, value}`), which the wallet converts with `@initia/amino-converter`:
         *
         *     - **Same chain**: `move/MsgExecute` of `0x1::object::transfer_call` per object (Move chains),
         *       `evm/MsgCall` of ERC-721 `transferFrom` per token (minievm), `wasm/MsgExecuteContract` with cw721
         *       `transfer_nft` per token (miniwasm).
         *     - **Over one ICS-721 channel** (the registry's `ibc_channels` with version `ics721-1`):
         *       `nft-transfer/MsgTransfer` from Move chains and minievm, cw721 `send_nft` to the ics721 contract
         *       (or its `outgoing_proxy`) from miniwasm, timing out `timeout` seconds from now.
         *     - **Between two rollups** without a channel of their own: the same first hop to the Initia L1,
         *       whose Move IBC hook runs `0x1::nft_transfer::nft_transfer` to send the NFTs on to `to_chain_id`;
         *       if that second hop fails or times out, the L1 returns them to `l1_recover_address`.
         *
         *     Weft never signs and never broadcasts. A pair of chains that no ICS-721 path joins is a 404.
         */
        post: operations["getNftMsgs"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/fungible/msgs_direct": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Find a route and build its txs in one call
         * @description `/v2/fungible/route` and then `/v2/fungible/msgs` in one request (Skip's `msgs_direct`, what
         *     `messagesDirect()` of `@skip-go/client` calls): the route is the one `/v2/fungible/route` finds for
         *     the same fields (`amount_out` too: the input is computed, then the txs are built for that input),
         *     and `txs`, `msgs`, `min_amount_out` and `estimated_fees` are what `/v2/fungible/msgs` answers for
         *     it. Each chain of the route's `required_chain_addresses` takes its address from
         *     `chain_ids_to_addresses`; a chain missing there is a 400 naming it. A route whose
         *     `required_op_hook` is true is a 400: its deposit must carry a hook the recipient signed, which this
         *     call cannot take, so use `/v2/fungible/route`, `/op-hook` and `/v2/fungible/msgs`. No route is
         *     the 404 of `/v2/fungible/route`.
         */
        post: operations["getMsgsDirect"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/fungible/venues": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List swap venues
         * @description The venues routes use (Skip's `venues`), derived from the registry: one `minievm-erc20-wrapper`
         *     per minievm rollup whose ERC20Wrapper converts some registry asset, the venue `/v2/fungible/route`
         *     names in that conversion's `evm_swap` operation. Weft does not swap otherwise, so there are no
         *     DEX venues; a registry without such a conversion lists none.
         */
        get: operations["getVenues"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/fungible/recommend_assets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Recommend destination assets
         * @description For each request, the assets on `dest_chain_id` that a route from the source asset reaches (as
         *     `/v2/fungible/route` with `allow_multi_tx` finds it; the source itself and intermediate coins
         *     marked `hidden` are left out), each with a reason: `BASE_TOKEN` when it is the source's origin
         *     asset, `DIRECT` when a single operation reaches it, `UNKNOWN` otherwise. On the chain that issued
         *     the source's origin asset, only that asset is recommended (other forms there are vouchers of the
         *     chain's own asset). They come best first: `BASE_TOKEN`, `DIRECT`, `UNKNOWN`, then fewer txs, the
         *     shorter estimated duration and registry order. With `reason`, only recommendations of that reason
         *     are kept. An entry has `error` when nothing qualifies; when no entry has a recommendation the
         *     answer is a 404. An unknown chain or source asset is a 400 naming the request's field.
         */
        post: operations["getAssetRecommendations"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/tx/track": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Track a broadcast tx
         * @description Starts tracking a tx the user broadcast. Idempotent: tracking the same hash again returns the same
         *     answer and starts nothing new. Accepted before the tx is visible on chain (it stays
         *     `STATE_SUBMITTED` until seen, and is abandoned if never seen). Tracking survives server restarts
         *     and is shared by every replica.
         */
        post: operations["trackTx"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/tx/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Status of a tracked tx
         * @description Where a tracked transfer is, hop by hop. Poll until `status` is `STATE_COMPLETED` or
         *     `STATE_FAILED`. A hash that was never tracked is a 404 "tx not found" (track it first).
         */
        get: operations["getTxStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Liveness
         * @description Answers 200 as long as the process serves HTTP. It does not touch the database; use `/ready` for that.
         */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Readiness
         * @description Answers 200 when the database is reachable, every committed migration has been applied and, in a
         *     process that ingests (`weft dev`, and `weft ingest` on its METRICS_PORT), ingestion is not stalled
         *     (nothing committed for INGEST_STALL_TIMEOUT_MS, or stopped on an error that cannot heal); 503
         *     otherwise, with a `reason` naming the failed check. Load balancers should route traffic only to
         *     ready replicas. A server reading from streaming replicas (DATABASE_READ_URLS) lists them under
         *     `replicas` and stays ready while one is skipped (reads then go to the others, else the primary).
         *     `weft ingest --chains` lists its chains under `chains` and is unready only when all are stalled.
         */
        get: operations["getReady"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Prometheus metrics
         * @description Prometheus text exposition: `http_requests_total` and `http_request_duration_seconds` (histogram)
         *     labelled by method, route template and status, plus Node.js process metrics.
         */
        get: operations["getMetrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/swagger/doc.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * This API description
         * @description The bundled OpenAPI 3.1 document of this deployment (the path the reference indexer uses for its
         *     own Swagger document). A human-readable reference is served at `/docs`.
         */
        get: operations["getSwaggerDoc"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        Error: components["schemas"]["error"];
        /**
         * @description One problem. Request validation failures carry `field` (where the value came from, e.g.
         *     `query.pagination.limit`) and `description`; the Router API may carry google.rpc.ErrorInfo-shaped
         *     entries (`@type`, `reason`, `domain`, `metadata`) as Skip does.
         */
        "error-detail": {
            /** @description Type URL of the detail, when it has one (e.g. `type.googleapis.com/google.rpc.ErrorInfo`). */
            "@type"?: string;
            /** @description The request location of the offending value (`query.X`, `path.X`, `body.X`). */
            field?: string;
            /** @description What is wrong with that value. */
            description?: string;
            /** @description Machine-readable reason (Skip `ErrorInfo.reason`). */
            reason?: string;
            /** @description Error domain (Skip `ErrorInfo.domain`). */
            domain?: string;
            /** @description Extra key/value context. */
            metadata?: {
                [key: string]: string;
            };
        } & {
            [key: string]: unknown;
        };
        /**
         * @description The one error envelope of both APIs (the kvindexer and Skip Go shape). `code` is a gRPC status code
         *     that matches the HTTP status: 3 INVALID_ARGUMENT (400, 415 and any other 4xx), 5 NOT_FOUND (404),
         *     8 RESOURCE_EXHAUSTED (413, 429), 12 UNIMPLEMENTED (405, 501), 2 UNKNOWN (500), 14 UNAVAILABLE (503).
         */
        error: {
            /**
             * @description gRPC status code.
             * @example 3
             */
            code: number;
            /**
             * @description What went wrong, naming the offending parameter or resource, and how to fix it.
             * @example invalid pagination.limit: must be an integer from 1 to 1000
             */
            message: string;
            /** @description Structured detail, one entry per problem; empty when the message says it all. */
            details: components["schemas"]["error-detail"][];
            /** @description Router only, on route errors: help text clients show under the error (InterwovenKit reads it). */
            info?: string;
        };
        "pagination-key": string;
        /**
         * @description An amount of one denom.
         * @example {
         *       "denom": "uinit",
         *       "amount": "3000"
         *     }
         */
        coin: {
            /** @description Denom (`uinit`, `evm/...`, `ibc/...`, `l2/...`). */
            denom: string;
            /** @description Integer amount in base units. */
            amount: string;
        };
        /** @description A block, every number as a decimal string, keys in the reference order. */
        block: {
            /** @description Chain id. */
            chain_id: string;
            /** @description Block height. */
            height: string;
            /** @description Block hash, upper-case hex without 0x. */
            hash: string;
            /** @description Whole milliseconds since the previous block, truncated (times kept to the microsecond); "0" for the first indexed block. */
            block_time: string;
            /**
             * Format: date-time
             * @description Block time, RFC 3339 in UTC to the second.
             */
            timestamp: string;
            /** @description Gas used by the block's txs. */
            gas_used: string;
            /** @description Gas wanted by the block's txs. */
            gas_wanted: string;
            /** @description Number of txs in the block. */
            tx_count: string;
            /** @description Sum of the fees of the block's txs by denom; empty when none. */
            total_fee: components["schemas"]["coin"][];
            /**
             * @description The block proposer, resolved as the reference does: the header's consensus address bytes as a
             *     `<prefix>valoper` bech32 address, asked of the node's OPinit opchild
             *     (`/opinit/opchild/v1/validator/{valoper}`, cached per process). `identity` is always "" (as the
             *     reference). When the node does not know the validator (or cannot be asked), `moniker` is "" and
             *     `operator_address` that valoper address (the reference answers 500 there).
             */
            proposer: {
                /** @description The validator's moniker when the node knows it, else "". */
                moniker: string;
                /** @description Always "". */
                identity: string;
                /** @description The validator's operator address (`initvaloper1...`). */
                operator_address: string;
            };
        };
        /**
         * @description Paging state of a list, with all three keys always present. **Decision:** `next_key` is null on
         *     the last page (the reference also emits one on a short last page, which costs clients one extra,
         *     empty request); clients that loop until `next_key` is null work the same with both. Never `""`.
         *     **Decision:** the NFT collection and token lists and the rich list emit cursor `next_key`s (the
         *     reference emits base64 offsets there): a page 10 000 records deep costs what the first costs, and
         *     a traversal of an NFT list sees each record once while new tokens are minted. Offsets are still
         *     accepted everywhere. Treat `next_key` as opaque.
         * @example {
         *       "previous_key": null,
         *       "next_key": "eyJzZXF1ZW5jZSI6MTIzNDV9",
         *       "total": "12345"
         *     }
         */
        pagination: {
            /** @description base64 offset of the previous page when this page was asked by offset (not on tx and block lists), else null. */
            previous_key: string | null;
            /** @description The `pagination.key` of the next page; null when this page is the last. */
            next_key: string | null;
            /** @description Exact number of matching records as a decimal string; `"0"` when `count_total` is false. */
            total: string;
        };
        /** @description An ABCI event. `index` appears only when true; `value` is always there, `""` when the node's attribute is empty (a zero fee is `{"key":"fee","value":"","index":true}`), as Initia nodes and the reference serve it. */
        event: {
            /** @description Event type. */
            type: string;
            /** @description Key/value attributes, plain text. */
            attributes: {
                /** @description Attribute key. */
                key: string;
                /** @description Attribute value; `""` when empty. */
                value: string;
                /** @description Present (true) when the node indexes the attribute. */
                index?: boolean;
            }[];
        };
        /**
         * @description A Cosmos tx as the reference serves it (Cosmos TxResponse-like, 13 keys in this order). `tx` is the
         *     node's REST JSON of the tx without a top-level "@type".
         */
        "tx-response": {
            /** @description Upper-case hex SHA-256 of the tx bytes. */
            txhash: string;
            /** @description Height of the block holding the tx. */
            height: string;
            /** @description Error codespace; "" on success. */
            codespace: string;
            /** @description Result code; 0 is success. */
            code: number;
            /** @description Upper-case hex of the result data. */
            data: string;
            /** @description Raw log ("" on SDK 0.50 and later). */
            raw_log: string;
            /** @description Per-message logs ([] on SDK 0.50 and later). */
            logs: {
                /** @description Message index. */
                msg_index: number;
                /** @description Log text. */
                log?: string;
                /** @description Events of that message. */
                events: components["schemas"]["event"][];
            }[];
            /** @description Extra info. */
            info: string;
            /** @description Gas limit. */
            gas_wanted: string;
            /** @description Gas used. */
            gas_used: string;
            /** @description The tx (body, auth_info, signatures) in the node's REST JSON. */
            tx: {
                /** @description Messages (each with "@type"), memo, timeout height, extension options. */
                body: {
                    /** @description Messages, each with its "@type". */
                    messages: {
                        /** @description Proto type URL of the message. */
                        "@type": string;
                    }[];
                };
                /** @description Signer infos and fee. */
                auth_info: Record<string, never>;
                /** @description Base64 signatures. */
                signatures: string[];
            };
            /**
             * Format: date-time
             * @description Block time, RFC 3339 with nanoseconds, UTC.
             */
            timestamp: string;
            /** @description ABCI events of the tx. */
            events: components["schemas"]["event"][];
        };
        /** @description A page of Cosmos txs. */
        "txs-page": {
            /** @description The txs of this page, in the requested order. */
            txs: components["schemas"]["tx-response"][];
            pagination: components["schemas"]["pagination"];
        };
        /** @description An EVM log of a receipt, as `eth_getBlockReceipts` returns it. */
        "evm-log": {
            /** @description Emitting contract. */
            address: string;
            /** @description Indexed topics, 0x + 64 hex each. */
            topics: string[];
            /** @description Unindexed data. */
            data: string;
            /** @description Block number, hex quantity. */
            blockNumber: string;
            /** @description Hash of the tx, lower case. */
            transactionHash: string;
            /** @description Position of the tx in the block, hex quantity. */
            transactionIndex: string;
            /** @description Block hash. */
            blockHash: string;
            /** @description Position of the log in the block, hex quantity. */
            logIndex: string;
            /** @description Always false for indexed logs. */
            removed: boolean;
        };
        /**
         * @description An EVM tx as its receipt (the subset of `eth_getBlockReceipts` the reference stores). Quantities
         *     are 0x-hex with at least one digit; hashes are lower case; `to` is "" (never null) for contract
         *     creations; `contractAddress` is null unless the tx created one.
         */
        "evm-tx": {
            /** @description Block hash. */
            blockHash: string;
            /** @description Block number, hex quantity (passed as is to eth_getBlockByNumber by explorers). */
            blockNumber: string;
            /** @description Address of the created contract, or null. */
            contractAddress: string | null;
            /** @description Gas used in the block up to this tx. */
            cumulativeGasUsed: string;
            /** @description Price paid per gas. */
            effectiveGasPrice: string;
            /** @description Sender. */
            from: string;
            /** @description Gas used by this tx. */
            gasUsed: string;
            /** @description Logs emitted. */
            logs: components["schemas"]["evm-log"][];
            /** @description Bloom filter of the logs. */
            logsBloom: string;
            /**
             * @description `0x1` success, `0x0` failure.
             * @enum {string}
             */
            status: "0x1" | "0x0";
            /** @description Recipient, or "" for a contract creation. */
            to: string;
            /** @description Tx hash, lower case. */
            transactionHash: string;
            /** @description Position in the block, hex quantity. */
            transactionIndex: string;
            /** @description EIP-2718 tx type. */
            type: string;
        };
        /**
         * @description One call frame of an EVM tx's call trace (callTracer), numbered depth-first from 0 (the top call,
         *     whose `parent_index` is -1 and whose `output` is "0x"). Note the reference's mixed casing:
         *     `gasUsed` beside `parent_index`.
         */
        "evm-internal-tx": {
            /** @description Block height. */
            height: number;
            /** @description Hash of the EVM tx. */
            hash: string;
            /** @description Index of the calling frame; -1 for the top call. */
            parent_index: number;
            /** @description Depth-first position of this frame in the tx. */
            index: number;
            /** @description CALL, STATICCALL, DELEGATECALL, CALLCODE, CREATE, CREATE2 or SELFDESTRUCT. */
            type: string;
            /** @description Caller, 0x + 40 hex, or "". */
            from: string;
            /** @description Callee, 0x + 40 hex, or "". */
            to: string;
            /** @description Call data. */
            input: string;
            /** @description Return data ("0x" for the top call). */
            output: string;
            /** @description Wei sent, 0x-hex; "0x" when none. */
            value: string;
            /** @description Gas given to the frame. */
            gas: string;
            /** @description Gas used by the frame. */
            gasUsed: string;
        };
        /** @description An NFT collection (rollytics shape). `nfts.length` is the current supply; `handle` is always "". */
        "nft-collection": {
            /** @description Collection address, lower-case hex (32 bytes on Move and Wasm, 20 on EVM). */
            object_addr: string;
            /** @description Collection metadata. */
            collection: {
                /** @description Creator, bech32 (Wasm clients compare it to a contract's bech32 address). */
                creator: string;
                /** @description Name. */
                name: string;
                /** @description Name on the origin chain for ICS-721 transferred collections, else "". */
                origin_name: string;
                /** @description Supply. */
                nfts: {
                    /** @description Always "". */
                    handle: string;
                    /** @description NFTs currently in the collection. */
                    length: number;
                };
            };
            /** @description Height the collection was created at. */
            height: number;
            /**
             * Format: date-time
             * @description Time of that block in UTC to the microsecond (the node's nanoseconds truncated, as stored), printed as Go's RFC3339Nano: trailing zeros of the fraction trimmed, no fraction when it is zero.
             */
            timestamp: string;
        };
        /** @description An NFT (rollytics shape). `height`/`timestamp` are those of its last mint, transfer or URI change. */
        "nft-token": {
            /** @description Collection address, lower-case hex. */
            collection_addr: string;
            /** @description Collection name. */
            collection_name: string;
            /** @description Origin name of an ICS-721 collection, else "". */
            collection_origin_name: string;
            /** @description The NFT's Move object address, "" on Wasm and EVM. */
            object_addr: string;
            /** @description Current owner, bech32. */
            owner: string;
            /** @description Token id and metadata URI. */
            nft: {
                /** @description Token id (decimal string for ERC-721). */
                token_id: string;
                /** @description Metadata URI. */
                uri: string;
            };
            /** @description Height of the last change. */
            height: number;
            /**
             * Format: date-time
             * @description Time of that block in UTC to the microsecond (the node's nanoseconds truncated, as stored), printed as Go's RFC3339Nano: trailing zeros of the fraction trimmed, no fraction when it is zero.
             */
            timestamp: string;
        };
        /** @description One holder of a denom. */
        "rich-list-holder": {
            /** @description Holder; 0x hex on EVM chains, bech32 elsewhere. */
            account: string;
            /** @description Balance, integer in base units. */
            amount: string;
        };
        /**
         * @description A chain id, always a string (EVM chains included, e.g. `"1"`).
         * @example interwoven-1
         */
        "chain-id": string;
        /** @description A denom the chain accepts for tx fees, with its gas prices. */
        "fee-asset": {
            /** @description Fee denom. */
            denom: string;
            /** @description Gas prices as decimal strings; InterwovenKit builds its fee from `average`. */
            gas_price?: {
                /** @description Low gas price. */
                low: string;
                /** @description Average gas price. */
                average: string;
                /** @description High gas price. */
                high: string;
            } | null;
        };
        /**
         * @description A chain the router can route to or from (Skip `Chain`, plus Initia's `rpc`, `rest`, `hidden` and
         *     `evm_fee_asset`, which InterwovenKit reads to poll accounts and sign).
         */
        chain: {
            /** @description Registry name of the chain. */
            chain_name: string;
            chain_id: components["schemas"]["chain-id"];
            /** @description The chain runs packet-forward middleware, so multi-hop IBC can pass through it. */
            pfm_enabled: boolean;
            /** @description Optional Cosmos modules the chain runs. */
            cosmos_module_support: {
                /** @description x/authz is enabled. */
                authz: boolean;
                /** @description x/feegrant is enabled. */
                feegrant: boolean;
            };
            /** @description IBC transfers to this chain may carry a memo. */
            supports_memo: boolean;
            /** @description Chain logo. */
            logo_uri?: string | null;
            /** @description Bech32 prefix of account addresses (`init` on every Initia chain, EVM rollups included). */
            bech32_prefix: string;
            /** @description Fee denoms and their gas prices. */
            fee_assets: components["schemas"]["fee-asset"][];
            /**
             * @description `cosmos` for Cosmos SDK chains (Initia L1 and every rollup), `evm` for EVM chains, `svm` for Solana VM chains (never produced by Weft).
             * @enum {string}
             */
            chain_type: "cosmos" | "evm" | "svm";
            /** @description IBC middleware the chain runs. */
            ibc_capabilities: {
                /** @description Packet-forward middleware. */
                cosmos_pfm: boolean;
                /** @description ibc-hooks (a memo may call a contract). */
                cosmos_ibc_hooks: boolean;
                /** @description ICS-20 memos are kept. */
                cosmos_memo: boolean;
                /** @description Stride autopilot. */
                cosmos_autopilot: boolean;
            };
            /** @description The chain is a testnet or local devnet. */
            is_testnet: boolean;
            /** @description Display name. */
            pretty_name: string;
            /** @description Initia extension: the CometBFT RPC endpoint clients sign and broadcast against. */
            rpc?: string;
            /** @description Initia extension: the Cosmos REST endpoint clients poll accounts on. */
            rest?: string;
            /** @description Initia extension: clients hide the chain from pickers. */
            hidden?: boolean;
            /** @description Initia extension: the native fee token of an EVM chain. */
            evm_fee_asset?: {
                /** @description Token name. */
                name: string;
                /** @description Token symbol. */
                symbol: string;
                /** @description Token decimals. */
                decimals: number;
            } | null;
        };
        /**
         * @description A fungible asset on one chain (Skip `Asset`, plus Initia's `hidden`). `origin_*` name where it was
         *     first issued and `trace` how it travelled (`transfer/channel-0` for IBC; `""` for native and for
         *     OPinit-bridged `l2/...` denoms, whose origin is the L1). Weft always emits `is_cw20`, `is_evm`,
         *     `is_svm`, `symbol` and `decimals` (InterwovenKit needs the last two); Skip's own example omits the flags.
         */
        asset: {
            /** @description Denom on `chain_id`: `uinit`, `ibc/<HASH>`, `l2/<sha3 hex>` (OPinit), `evm/<hex>` (minievm ERC-20), `move/<hex>`, `0x...` (EVM ERC-20) or `<chain>-native`. */
            denom: string;
            chain_id: components["schemas"]["chain-id"];
            /** @description Denom on the origin chain. */
            origin_denom: string;
            origin_chain_id: components["schemas"]["chain-id"];
            /** @description IBC path from the origin, empty for native assets. */
            trace: string;
            /** @description A CosmWasm cw20 token. */
            is_cw20?: boolean;
            /** @description An asset of an EVM chain (native or ERC-20). */
            is_evm?: boolean;
            /** @description An SVM asset (never produced by Weft). */
            is_svm?: boolean;
            /** @description Ticker. */
            symbol?: string | null;
            /** @description Name. */
            name?: string | null;
            /** @description Logo. */
            logo_uri?: string | null;
            /** @description Decimals of the display unit. */
            decimals?: number | null;
            /** @description Token contract (ERC-20 or cw20), when the asset has one. */
            token_contract?: string | null;
            /** @description Free-text description. */
            description?: string | null;
            /** @description CoinGecko id. */
            coingecko_id?: string | null;
            /** @description Symbol to display. */
            recommended_symbol?: string | null;
            /** @description Initia extension: clients hide the asset from pickers. */
            hidden?: boolean;
        };
        /**
         * @description The wallets to read, by chain. InterwovenKit sends one chain with `denoms: []`; any number of chains
         *     may be asked at once (each must be a chain of the registry).
         */
        "balances-request": {
            /** @description chain id -> the address to read on it and which denoms. */
            chains: {
                [key: string]: {
                    /**
                     * @description The wallet: bech32 with the chain's prefix on Cosmos and Initia chains (minievm rollups also
                     *     take the 0x hex form of the same account), 0x hex on `chain_type: "evm"` chains.
                     * @example init1f9qwat48ldgxrmssvpvpk3tea8l72mksvzm62v
                     */
                    address: string;
                    /**
                     * @description Denoms to read. Empty or absent: every asset the registry lists for the chain
                     *     (`GET /v2/fungible/assets?chain_ids=<id>`). A denom the registry does not list is read all
                     *     the same, without `decimals`.
                     */
                    denoms?: string[];
                };
            };
        };
        /**
         * @description An integer amount in the asset's base units, as a decimal string (amounts exceed 2^53).
         * @example 1000000
         */
        amount: string;
        /** @description Why a balance could not be read (the node failed, timed out or refused the query). */
        "balance-error": {
            /** @description What went wrong, naming the node read that failed. */
            message: string;
        };
        /**
         * @description The balance of one denom. When the read failed, `error` says why and `amount` is "0": a client
         *     must check `error` before trusting a zero.
         */
        "balance-entry": {
            amount: components["schemas"]["amount"];
            /**
             * @description `amount` divided by 10^`decimals`, with exactly `decimals` fraction digits as Skip prints it
             *     (`100000000` at 6 decimals is `100.000000`); `amount` itself when `decimals` is unknown or 0.
             * @example 100.000000
             */
            formatted_amount: string;
            /**
             * @description The asset's decimals from the registry; absent for a denom the registry does not list.
             * @example 6
             */
            decimals?: number;
            /** @description USD price of one unit (Skip). Weft has no price source and omits it. */
            price?: string | null;
            /** @description USD value of the balance (Skip). Weft has no price source and omits it. */
            value_usd?: string | null;
            error?: components["schemas"]["balance-error"];
        };
        /** @description The balances, by chain and denom, keyed as the request asked. */
        "balances-response": {
            /** @description chain id -> its wallet's balances. */
            chains: {
                [key: string]: {
                    /** @description The address as requested. */
                    address: string;
                    /** @description denom -> its balance. */
                    denoms: {
                        [key: string]: components["schemas"]["balance-entry"];
                    };
                    error?: components["schemas"]["balance-error"];
                };
            };
        };
        /**
         * @description The bridge a hop uses: `IBC` (ICS-20 transfer), `OPINIT` (Initia's optimistic bridge between an L1 and
         *     a rollup), `LAYER_ZERO` (LayerZero OFT). The other Skip values (`AXELAR`, `CCTP`, `HYPERLANE`,
         *     `GO_FAST`, `STARGATE`, `EUREKA`) are accepted in requests and never produced by Weft.
         * @enum {string}
         */
        "bridge-type": "IBC" | "OPINIT" | "LAYER_ZERO" | "AXELAR" | "CCTP" | "HYPERLANE" | "GO_FAST" | "STARGATE" | "EUREKA";
        /** @description A bridge the router routes over (Skip `Bridge`). */
        bridge: {
            id: components["schemas"]["bridge-type"];
            /**
             * @description Display name.
             * @example IBC
             */
            name: string;
            /** @description Logo URL; null when the registry has none. */
            logo_uri: string | null;
        };
        /** @description Two chains; the answer lists the assets that can move from the first to the second. */
        "assets-between-chains-request": {
            source_chain_id: components["schemas"]["chain-id"];
            dest_chain_id: components["schemas"]["chain-id"];
            /**
             * @description Include assets without metadata. Every registry asset has metadata, so this changes nothing on Weft.
             * @default false
             */
            include_no_metadata_assets: boolean;
            /**
             * @description Include CW20 tokens (`cw20:` denoms).
             * @default false
             */
            include_cw20_assets: boolean;
            /**
             * @description Include assets of `chain_type` `evm` chains (`is_evm`), as Skip does; needed when either chain is one.
             * @default false
             */
            include_evm_assets: boolean;
            /**
             * @description Include pairs whose only route needs more than one signed tx.
             * @default false
             */
            allow_multi_tx: boolean;
        };
        /** @description An asset on the source chain, what it becomes on the destination chain, and the route between them. */
        "asset-between-chains": {
            asset_on_source: components["schemas"]["asset"];
            asset_on_dest: components["schemas"]["asset"];
            /** @description Signed txs the best route needs (what `/v2/fungible/route` answers for the pair). */
            txs_required: number;
            /** @description The bridges of that route, in the order it uses them, each once. */
            bridges: components["schemas"]["bridge-type"][];
        };
        /** @description Assets to look up, by chain and denom. */
        "ibc-origin-assets-request": {
            /** @description The assets, answered in the same order. */
            assets: {
                /** @description Denom on `chain_id` (`ibc/<HASH>`, `l2/<hex>`, a native denom, ...). */
                denom: string;
                chain_id: components["schemas"]["chain-id"];
            }[];
        };
        /**
         * @description Where an asset was first issued (Skip `OptionalAsset`): `asset` is the origin asset, as
         *     `/v2/fungible/assets` lists it on its origin chain. `asset_found` is false, and `asset` absent, when
         *     the chain or the denom is not in the registry.
         */
        "optional-asset": {
            asset?: components["schemas"]["asset"];
            /** @description Whether the asset (and so its origin) is known. */
            asset_found: boolean;
        };
        /** @description A source asset; the answer lists every asset a transfer of it can arrive as. */
        "assets-from-source-request": {
            /** @description Denom of the source asset on `source_asset_chain_id`. */
            source_asset_denom: string;
            source_asset_chain_id: components["schemas"]["chain-id"];
            /**
             * @description Include assets reached only by routes that need more than one signed tx.
             * @default false
             */
            allow_multi_tx: boolean;
            /**
             * @description Only assets native to their chain (none arrived over IBC, OPinit or a wrapper).
             * @default false
             */
            native_only: boolean;
            /**
             * @description Include CW20 tokens (`cw20:` denoms).
             * @default false
             */
            include_cw20_assets: boolean;
            /**
             * @description Accepted for Skip compatibility; Weft does not swap, so only transfers count.
             * @default false
             */
            include_swaps: boolean;
            /** @description Accepted for Skip compatibility and ignored. */
            recommendation_reason?: string | null;
            /** @description Accepted for Skip compatibility and ignored (Weft does not swap). */
            swap_venues?: Record<string, never>[] | null;
            /** @description Accepted for Skip compatibility and ignored. */
            group_by?: string | null;
        };
        /**
         * @description A swap venue (Skip `SwapVenue`). Weft does not swap; its one venue is a minievm rollup's ERC20Wrapper
         *     (`minievm-erc20-wrapper`), which converts a deposited `l2/...` coin into its 18-decimal ERC-20 and back
         *     (an `evm_swap` operation). `GET /v2/fungible/venues` lists them.
         */
        "swap-venue": {
            /** @description Venue name, e.g. `minievm-erc20-wrapper`. */
            name: string;
            chain_id: components["schemas"]["chain-id"];
            /** @description Venue logo URL; Weft's wrapper venue has none (`""`). */
            logo_uri?: string | null;
        };
        /**
         * @description Where from, where to and how much. Give exactly one of `amount_in` (exact in) and `amount_out`
         *     (exact out); the other is computed. The Skip options Weft has no use for (`swap_venues`,
         *     `smart_swap_options`, `allow_swaps`, `go_fast`, `smart_relay`, `experimental_features`,
         *     `cumulative_affiliate_fee_bps`) are accepted and ignored, and so are fields this document does not
         *     list (e.g. `fast_transfer`), so existing clients work unchanged.
         */
        "route-request": {
            /** @description Denom on the source chain. */
            source_asset_denom: string;
            source_asset_chain_id: components["schemas"]["chain-id"];
            /** @description Denom wanted on the destination chain. */
            dest_asset_denom: string;
            dest_asset_chain_id: components["schemas"]["chain-id"];
            amount_in?: components["schemas"]["amount"];
            amount_out?: components["schemas"]["amount"];
            /** @description Only use these bridges (default all). A route needing another bridge is not found. */
            bridges?: components["schemas"]["bridge-type"][];
            /** @description Allow routes that need more than one user-signed tx (e.g. an OPinit withdrawal, claimed after its finalization period, then an IBC transfer). Default false: such a route is a 404 whose message names each break (a chain without packet-forward middleware, no IBC hook that continues into the next bridge, a withdrawal to claim). With it, `txs_required` counts the txs, each operation's `tx_index` says which tx runs it, `/v2/fungible/msgs` returns every tx in order with its `operations_indices`, and each tx is tracked on its own once broadcast (`POST /v2/tx/track`), as Skip does. */
            allow_multi_tx?: boolean;
            /** @description Accepted for compatibility; Weft routes never swap, so no route is unsafe. */
            allow_unsafe?: boolean;
            /** @description Initia extension: the route must withdraw over an OPinit bridge (slow, claimable later) instead of IBC. The OPinit path is taken whenever one exists, also for an IBC-arrived denom that first goes back to the rollup it was deposited into (then with `allow_multi_tx`, as the withdrawal is a tx of its own); a 404 when no route from the source withdraws over OPinit. */
            is_op_withdraw?: boolean;
            /** @description Accepted and ignored (no affiliate fees). */
            cumulative_affiliate_fee_bps?: string | null;
            /** @description Accepted and ignored. */
            swap_venues?: components["schemas"]["swap-venue"][];
            /** @description Accepted and ignored. */
            smart_relay?: boolean;
            /** @description Accepted and ignored. */
            smart_swap_options?: Record<string, never>;
            /** @description Accepted and ignored (Weft never swaps). */
            allow_swaps?: boolean;
            /** @description Accepted and ignored. */
            go_fast?: boolean;
            /** @description Accepted; `layer_zero` is always on. */
            experimental_features?: string[];
        } & (unknown | unknown);
        /**
         * @description An ICS-20 IBC transfer hop (Skip `Transfer`). Weft always emits every key below but `fee_*` and the
         *     contract addresses; only the two chain ids are required, because operations echoed back from other
         *     routers (older Skip responses carry `dest_denom` without `denom_in`/`denom_out`) must validate too.
         */
        "ibc-transfer-op": {
            /** @description Source port, `transfer`. */
            port?: string;
            /** @description Source channel on `from_chain_id`, e.g. `channel-0`. */
            channel?: string;
            from_chain_id: components["schemas"]["chain-id"];
            to_chain_id: components["schemas"]["chain-id"];
            /** @description The chain that sends this hop can forward it onward with packet-forward middleware. */
            pfm_enabled?: boolean;
            /** @description The receiving chain keeps the ICS-20 memo. */
            supports_memo?: boolean;
            /** @description Denom sent on `from_chain_id`. */
            denom_in?: string;
            /** @description Denom received on `to_chain_id` (`ibc/<HASH>` going away from the origin, the base denom when unwinding). */
            denom_out?: string;
            /** @description Deprecated copy of `denom_out`, still read by older clients; always emitted. */
            dest_denom?: string;
            /**
             * @description Always `IBC`.
             * @constant
             */
            bridge_id?: "IBC";
            /** @description Whether a paid relayer carries the packet; always false on Weft (relaying is the chains' own relayers). */
            smart_relay?: boolean;
            /** @description Bridge fee, never charged on IBC hops. */
            fee_amount?: string | null;
            /** @description Bridge fee in USD. */
            usd_fee_amount?: string | null;
            /** @description Asset of `fee_amount`. */
            fee_asset?: components["schemas"]["asset"] | null;
            /** @description Entry contract on the receiving chain for swaps (never used by Weft). */
            to_chain_entry_contract_address?: string | null;
            /** @description Callback contract on the receiving chain (never used by Weft). */
            to_chain_callback_contract_address?: string | null;
        };
        /**
         * @description A hop over Initia's optimistic bridge (OPinit): a deposit L1 -> rollup (`MsgInitiateTokenDeposit` on the
         *     L1, finalized on the rollup by its bridge executor) or a withdrawal rollup -> L1
         *     (`MsgInitiateTokenWithdrawal`, claimable on the L1 after the finalization period). On the rollup an
         *     L1 denom `d` is `l2/` + hex(sha3-256(uint64be(bridge_id) || d)).
         */
        "op-init-transfer-op": {
            from_chain_id: components["schemas"]["chain-id"];
            to_chain_id: components["schemas"]["chain-id"];
            /** @description Denom sent. */
            denom_in: string;
            /** @description Denom received. */
            denom_out: string;
            /** @description The OPinit bridge id (a uint64, as a decimal string). */
            op_init_bridge_id: string;
            /**
             * @description Always `OPINIT` (always emitted by Weft).
             * @constant
             */
            bridge_id?: "OPINIT";
            /** @description Always false. */
            smart_relay?: boolean;
        };
        /** @description A LayerZero OFT hop (`send` on the source OFT contract to a destination endpoint id). */
        "layer-zero-transfer-op": {
            from_chain_id: components["schemas"]["chain-id"];
            to_chain_id: components["schemas"]["chain-id"];
            /** @description Denom sent. */
            denom_in: string;
            /** @description Denom received. */
            denom_out: string;
            /** @description The OFT (or OFT adapter) contract on the source chain, 0x hex. */
            source_oft_contract_address: string;
            /** @description LayerZero endpoint id (eid) of the destination chain. */
            destination_endpoint_id: number;
            messaging_fee_asset: components["schemas"]["asset"];
            messaging_fee_amount: components["schemas"]["amount"];
            /** @description The messaging fee in USD; `""` when no price is known. */
            messaging_fee_amount_usd: string;
            /**
             * @description Always `LAYER_ZERO`.
             * @constant
             */
            bridge_id: "LAYER_ZERO";
        };
        /**
         * @description A contract call on one chain in Skip's `evm_swap` shape. Weft produces it for one conversion only:
         *     minievm's ERC20Wrapper turning a rollup's `l2/...` coin into its 18-decimal ERC-20 (`toLocal`) or
         *     back (`toRemote`), with the wrapper as the venue; it is then the route's only operation. Skip gives
         *     it no `to_chain_id`: it ends on `from_chain_id`.
         */
        "evm-swap-op": {
            /** @description The ERC-20 contract of `denom_in`, 0x hex (`""` for a native token). */
            input_token: string;
            amount_in: components["schemas"]["amount"];
            /**
             * @description Calldata of the call, when known at route time. `""` for the wrapper: its call names the
             *     receiver, so `/v2/fungible/msgs` builds it.
             */
            swap_calldata: string;
            amount_out: components["schemas"]["amount"];
            from_chain_id: components["schemas"]["chain-id"];
            /** @description Denom converted. */
            denom_in: string;
            /** @description Denom received, on the same chain. */
            denom_out: string;
            /** @description Where the call runs; for the wrapper `[{name: "minievm-erc20-wrapper", chain_id, logo_uri: ""}]`. */
            swap_venues: components["schemas"]["swap-venue"][];
        } & {
            [key: string]: unknown;
        };
        /**
         * @description One step of a route: exactly one variant key (`transfer`, `op_init_transfer`, `layer_zero_transfer`,
         *     `evm_swap` (a minievm wrapper conversion), or, only echoed back from other routers, `bank_send`,
         *     `swap`, `axelar_transfer`, `cctp_transfer`, `hyperlane_transfer`, `go_fast_transfer`,
         *     `stargate_transfer`, `eureka_transfer`), beside
         *     `tx_index` (which `/v2/fungible/msgs` tx executes it) and its own `amount_in` / `amount_out`. Clients
         *     detect the variant with `"key" in op`. Unknown keys are kept when a client echoes an operation back.
         */
        operation: {
            transfer?: components["schemas"]["ibc-transfer-op"];
            op_init_transfer?: components["schemas"]["op-init-transfer-op"];
            layer_zero_transfer?: components["schemas"]["layer-zero-transfer-op"];
            /** @description Skip bank send (never produced by Weft). */
            bank_send?: {
                [key: string]: unknown;
            };
            /** @description Skip swap (never produced by Weft; it routes transfers only). */
            swap?: {
                [key: string]: unknown;
            };
            /** @description Skip Axelar hop (never produced by Weft). */
            axelar_transfer?: {
                [key: string]: unknown;
            };
            /** @description Skip CCTP hop (never produced by Weft). */
            cctp_transfer?: {
                [key: string]: unknown;
            };
            /** @description Skip Hyperlane hop (never produced by Weft). */
            hyperlane_transfer?: {
                [key: string]: unknown;
            };
            evm_swap?: components["schemas"]["evm-swap-op"];
            /** @description Skip Go Fast hop (never produced by Weft). */
            go_fast_transfer?: {
                [key: string]: unknown;
            };
            /** @description Skip Stargate hop (never produced by Weft). */
            stargate_transfer?: {
                [key: string]: unknown;
            };
            /** @description Skip Eureka hop (never produced by Weft). */
            eureka_transfer?: {
                [key: string]: unknown;
            };
            /** @description Index into the `/v2/fungible/msgs` `txs` of the tx that executes this operation. */
            tx_index?: number;
            amount_in?: components["schemas"]["amount"];
            amount_out?: components["schemas"]["amount"];
        } & (unknown | unknown | unknown | unknown | unknown | unknown | unknown | unknown | unknown | unknown | unknown | unknown);
        /** @description A fee the route charges (Skip `Fee`). Weft's IBC, OPinit hops charge none; a LayerZero hop's messaging fee is `FEE_BEHAVIOR_ADDITIONAL`. */
        fee: {
            /**
             * @description `BRIDGE` (a bridge's own fee), `SMART_RELAY`, `SWAP`, `RELAY` or `GAS`.
             * @enum {string}
             */
            fee_type: "SMART_RELAY" | "SWAP" | "BRIDGE" | "RELAY" | "GAS";
            bridge_id: components["schemas"]["bridge-type"];
            amount: components["schemas"]["amount"];
            /** @description The fee in USD; `""` when unknown. */
            usd_amount: string;
            origin_asset: components["schemas"]["asset"];
            chain_id: components["schemas"]["chain-id"];
            /** @description The tx that pays it. */
            tx_index: number;
            /** @description The operation that charges it. */
            operation_index?: number | null;
            /**
             * @description `FEE_BEHAVIOR_DEDUCTED` comes out of the transferred amount; `FEE_BEHAVIOR_ADDITIONAL` is paid on top.
             * @enum {string}
             */
            fee_behavior: "FEE_BEHAVIOR_DEDUCTED" | "FEE_BEHAVIOR_ADDITIONAL";
        };
        /**
         * @description A route: the operations, in order, that carry `amount_in` of the source asset to the destination.
         *     Weft prefers the fewest user txs, then the shortest estimated duration, then the lowest fees.
         *     Required are the Skip-required fields real bodies carry (real bodies omit `estimated_amount_out`,
         *     which Weft still emits) and Initia's `required_op_hook`, which clients must see to know whether to
         *     sign a hook.
         */
        route: {
            /** @description Echoed from the request. */
            source_asset_denom: string;
            source_asset_chain_id: components["schemas"]["chain-id"];
            /** @description Echoed from the request. */
            dest_asset_denom: string;
            dest_asset_chain_id: components["schemas"]["chain-id"];
            amount_in: components["schemas"]["amount"];
            amount_out: components["schemas"]["amount"];
            /** @description The hops, in execution order, each with its exact `amount_in` / `amount_out` and `tx_index`. */
            operations: (components["schemas"]["operation"] & unknown)[];
            /** @description Every chain the route touches, in order. */
            chain_ids: components["schemas"]["chain-id"][];
            /** @description The chains that need an address in `/v2/fungible/msgs` `address_list`, in that order (the last is the recipient). */
            required_chain_addresses: components["schemas"]["chain-id"][];
            /** @description Always false (Weft never swaps). */
            does_swap?: boolean;
            estimated_amount_out?: components["schemas"]["amount"];
            /** @description Always empty. */
            swap_venues?: components["schemas"]["swap-venue"][];
            /** @description Number of txs the user signs. */
            txs_required: number;
            /** @description USD value in; `""` when no price is known. */
            usd_amount_in?: string;
            /** @description USD value out; `""` when no price is known. */
            usd_amount_out?: string;
            /** @description Always null. */
            swap_price_impact_percent?: string | null;
            /** @description Unsafe-route warning (never produced; Weft routes do not swap). */
            warning?: {
                /**
                 * @description Kind of warning.
                 * @enum {string}
                 */
                type?: "LOW_INFO_WARNING" | "BAD_PRICE_WARNING";
                /** @description What is unsafe. */
                message?: string;
            } | null;
            /** @description Fees charged by the route. */
            estimated_fees?: components["schemas"]["fee"][];
            /** @description Estimated seconds until the funds arrive (for an OPinit withdrawal, until they can be claimed on the L1). */
            estimated_route_duration_seconds: number;
            /** @description Initia extension: the destination needs a hook (a minievm rollup's 6 -> 18-decimal ERC-20 wrapper). Call `/op-hook`, sign its messages on the destination chain, and pass the result as `signed_op_hook` to `/v2/fungible/msgs`. */
            required_op_hook: boolean;
            /** @description Initia extension: information lines clients show under the form. */
            extra_infos?: string[];
            /** @description Initia extension: warning lines clients show under the form. */
            extra_warnings?: string[];
        };
        /** @description The route's assets and the two addresses; the hook is for `dest_asset_chain_id`, signed by `dest_address`. */
        "op-hook-request": {
            /** @description Sender on the source chain (bech32). */
            source_address: string;
            source_asset_chain_id: components["schemas"]["chain-id"];
            /** @description Source denom. */
            source_asset_denom: string;
            /** @description Recipient on the destination chain (bech32 or 0x hex). */
            dest_address: string;
            dest_asset_chain_id: components["schemas"]["chain-id"];
            /** @description Destination denom (the wrapped `evm/...` ERC-20). */
            dest_asset_denom: string;
        };
        /**
         * @description One Cosmos message to sign: `msg_type_url` is the protobuf type URL, `msg` a JSON string of the message
         *     in amino-JSON field names (snake_case), which clients decode with their amino converters. 64-bit
         *     numbers inside it (e.g. `timeout_timestamp`) are JSON numbers kept exact because `msg` stays a string.
         */
        "cosmos-msg": {
            /** @description The message, amino-JSON, as a string. */
            msg: string;
            /** @description Protobuf type URL: `/ibc.applications.transfer.v1.MsgTransfer`, `/opinit.ophost.v1.MsgInitiateTokenDeposit`, `/opinit.opchild.v1.MsgInitiateTokenWithdrawal`, `/minievm.evm.v1.MsgCall`, ... */
            msg_type_url: string;
        };
        /** @description Messages the recipient signs as a tx on `chain_id` (fee empty, gas 1, memo empty); the signed tx is the deposit's hook. */
        "op-hook-response": {
            chain_id: components["schemas"]["chain-id"];
            /** @description The hook messages, in order. */
            hook: components["schemas"]["cosmos-msg"][];
        };
        /** @description Accepted slippage in percent (default `"1"`, at most 100); lowers `min_amount_out`. */
        "slippage-tolerance-percent": string;
        /** @description IBC timeout in seconds from now (default 300). */
        "timeout-seconds": string;
        /** @description The `/op-hook` messages signed by the recipient on the destination chain. */
        "signed-op-hook": {
            /** @description Bech32 address that signed the hook tx. */
            signer: string;
            /** @description base64 of the fully signed Cosmos `Tx` (body, auth info, signatures); it becomes the deposit's `data`. */
            hook: string;
        };
        /**
         * @description Build the signable txs of a route: send back the route's asset fields, amounts and `operations`
         *     verbatim (unknown keys inside them are ignored), plus one address per `required_chain_addresses`
         *     entry, in the same order. Fields Skip clients add that Weft has no use for (`go_fast`, `smart_relay`,
         *     `experimental_features`, `smart_swap_options`, `allow_unsafe`, `fast_transfer`) are accepted and ignored.
         */
        "msgs-request": {
            /** @description From the route. */
            source_asset_denom: string;
            source_asset_chain_id: components["schemas"]["chain-id"];
            /** @description From the route. */
            dest_asset_denom: string;
            dest_asset_chain_id: components["schemas"]["chain-id"];
            amount_in: components["schemas"]["amount"];
            amount_out: components["schemas"]["amount"];
            /** @description One address per `required_chain_addresses` entry of the route, same order; bech32 with the chain's prefix, or 0x hex on EVM chains. */
            address_list: string[];
            /** @description The route's operations, echoed back. */
            operations: components["schemas"]["operation"][];
            estimated_amount_out?: components["schemas"]["amount"];
            slippage_tolerance_percent?: components["schemas"]["slippage-tolerance-percent"];
            timeout_seconds?: components["schemas"]["timeout-seconds"];
            signed_op_hook?: components["schemas"]["signed-op-hook"];
            /** @description Accepted; must be empty (Weft charges no affiliate fees). */
            chain_ids_to_affiliates?: Record<string, never>;
            /** @description Accepted and ignored. */
            post_route_handler?: Record<string, never>;
            /** @description Accepted and ignored. */
            enable_gas_warnings?: boolean;
            /** @description Initia extension: accepted and ignored (Weft has no blacklist). */
            ignore_blacklist?: boolean;
        };
        /** @description A Cosmos tx to sign on `chain_id` by `signer_address`, messages in order. */
        "signable-cosmos-tx": {
            chain_id: components["schemas"]["chain-id"];
            /** @description Chain ids the tx's transfer passes through. */
            path: components["schemas"]["chain-id"][];
            /** @description Who signs (the first entry of `address_list` for the source tx). */
            signer_address: string;
            /** @description The messages, in order. */
            msgs: components["schemas"]["cosmos-msg"][];
        };
        /** @description An EVM tx to send on `chain_id` from `signer_address`. Approve every `required_erc20_approvals` entry first. */
        "signable-evm-tx": {
            chain_id: components["schemas"]["chain-id"];
            /** @description Contract called. */
            to: string;
            /** @description Wei sent with the call, decimal; `""` means none. */
            value: string;
            /** @description Calldata as hex **without** `0x` (clients prepend it). */
            data: string;
            /** @description ERC-20 allowances the call needs. */
            required_erc20_approvals: {
                /** @description ERC-20 contract. */
                token_contract: string;
                /** @description Who spends it (the called contract). */
                spender: string;
                amount: components["schemas"]["amount"];
            }[];
            /** @description Sender, 0x hex. */
            signer_address: string;
        };
        /** @description One tx of the route to sign and broadcast, with the indices of the operations it executes. Exactly one of `cosmos_tx`, `evm_tx` (`svm_tx` is never produced), by the `chain_type` of the tx's chain in `/v2/info/chains` (`evm_tx` only on `evm` chains; on `cosmos` chains, Initia minievm rollups included, a `cosmos_tx` (EVM calls as `/minievm.evm.v1.MsgCall`s)). */
        "signable-tx": {
            cosmos_tx?: components["schemas"]["signable-cosmos-tx"];
            evm_tx?: components["schemas"]["signable-evm-tx"];
            /** @description Solana tx (never produced by Weft). */
            svm_tx?: Record<string, never>;
            /** @description Indices into the route's `operations` executed by this tx. */
            operations_indices: number[];
        } & (unknown | unknown | unknown);
        /** @description Deprecated form of a tx (Skip `Msg`), still emitted because older clients read it. */
        msg: {
            /** @description One Cosmos message with its chain. */
            multi_chain_msg?: {
                chain_id: components["schemas"]["chain-id"];
                /** @description Chain ids the transfer passes through. */
                path: components["schemas"]["chain-id"][];
                /** @description Amino-JSON message as a string. */
                msg: string;
                /** @description Protobuf type URL. */
                msg_type_url: string;
            };
            evm_tx?: components["schemas"]["signable-evm-tx"];
            /** @description Never produced. */
            svm_tx?: Record<string, never>;
        } & (unknown | unknown | unknown);
        /** @description The txs to sign, source-chain tx first (InterwovenKit signs `txs[0]`). */
        "msgs-response": {
            /** @description The txs, in order. */
            txs: components["schemas"]["signable-tx"][];
            /** @description Deprecated flat form of `txs` (one entry per Cosmos message or EVM tx). */
            msgs: components["schemas"]["msg"][];
            min_amount_out?: components["schemas"]["amount"];
            /** @description Fees, as on the route. */
            estimated_fees?: components["schemas"]["fee"][];
        };
        /**
         * @description An NFT send as Initia's wallet (InterwovenKit) asks for it: one or more tokens of one collection from
         *     `from_address` on `from_chain_id` to `to_address` on `to_chain_id`. On the same chain the messages
         *     are the collection's own transfer (Move `0x1::object::transfer_call` of each object, ERC-721
         *     `transferFrom`, cw721 `transfer_nft`); across chains an ICS-721 transfer, through the L1's Move IBC
         *     hook when the two chains have no NFT channel between them. Fields the router does not use are
         *     accepted and ignored.
         */
        "nft-request": {
            /** @description Owner and signer on `from_chain_id` (bech32; 0x hex on a minievm rollup). */
            from_address: string;
            from_chain_id: components["schemas"]["chain-id"];
            /** @description Recipient on `to_chain_id` (bech32; 0x hex on a minievm rollup). */
            to_address: string;
            to_chain_id: components["schemas"]["chain-id"];
            /**
             * @description The collection as the indexer lists it (`collection_addr`, 0x hex): the ERC-721 contract on a
             *     minievm rollup, the cw721 contract on a miniwasm rollup (0x hex of its 32 bytes, or bech32).
             *     Move sends name tokens by `object_addresses` and may pass an empty string.
             */
            collection_address: string;
            /**
             * @description Token ids. On a minievm rollup a same-chain send takes the ERC-721's uint256 ids in decimal; a
             *     cross-chain send takes the ids the class carries over IBC (for a class that arrived over IBC, its
             *     origin ids from `/minievm/evm/v1/erc721/origin_token_infos`).
             */
            token_ids: string[];
            /**
             * @description The tokens' Move objects (0x hex), one per token id, in the same order; required for a same-chain
             *     send on a Move chain. Elsewhere not used (the wallet passes the indexer's `object_addr`, `""` on
             *     minievm and miniwasm).
             */
            object_addresses?: string[];
            /**
             * @description The ICS-721 class id the source chain sends the collection under; required across chains from a
             *     Move or minievm chain: `move/<64 hex>` (a Move collection), `evm/<40 hex>` (an ERC-721) or
             *     `ibc/<64 hex>` (a class that arrived over IBC). Not used from a miniwasm rollup, whose ics721
             *     contract knows the class.
             */
            class_id?: string;
            /** @description The class's IBC trace when it arrived over IBC (the node's `ibc/apps/nft_transfer/v1/class_traces/{hash}`). */
            class_trace?: {
                /** @description `<port>/<channel>` pairs the class came through, e.g. `nft-transfer/channel-3`. */
                path: string;
                /** @description The class id on its origin chain. */
                base_class_id: string;
            } | null;
            /** @description A miniwasm rollup's ics721 outgoing proxy (its `outgoing_proxy` query); `null` or absent sends to the ics721 contract itself. */
            outgoing_proxy?: string | null;
            /** @description Who gets the NFTs back on the L1 if the second hop of an L2 -> L1 -> L2 send fails (bech32 of the L1); default `from_address`. */
            l1_recover_address?: string;
            /** @description Seconds from now until each IBC packet times out; 1800 when absent. */
            timeout?: number;
            /** @description Accepted for compatibility; Weft keeps no blacklist. */
            ignore_blacklist?: boolean;
        };
        /**
         * @description One message in amino JSON, the form Initia's wallet converts with `@initia/amino-converter`
         *     (`AminoTypes.fromAmino`) before signing: `type` is the amino name (`move/MsgExecute`, `evm/MsgCall`,
         *     `wasm/MsgExecuteContract`, `nft-transfer/MsgTransfer`), `value` the message with snake_case fields,
         *     64-bit numbers as decimal strings, Move arguments as base64 BCS and a CosmWasm `msg` as a JSON object.
         */
        "amino-msg": {
            type: string;
            value: {
                [key: string]: unknown;
            };
        };
        /** @description The messages to sign on `from_chain_id`, in order, as one tx. */
        "nft-response": {
            msgs: components["schemas"]["amino-msg"][];
        };
        /**
         * @description A route request (every field of `/v2/fungible/route`, with the same rules: exactly one of
         *     `amount_in` and `amount_out`, the same Skip options accepted and ignored) plus what `/v2/fungible/msgs`
         *     needs besides the route: an address for each chain the route passes through, keyed by chain id,
         *     and the slippage and timeout. Other Skip options (`fee_payer_address`, `allow_swaps`, ...) are
         *     accepted and ignored, so `messagesDirect()` of `@skip-go/client` works unchanged.
         */
        "msgs-direct-request": components["schemas"]["route-request"] & {
            /** @description chain id -> the sender's or recipient's address on it, for every chain the route may pass through (the caller cannot know the route yet, so extra chains are fine). Each chain of the route's `required_chain_addresses` must be here, in the form `/v2/fungible/msgs` takes in `address_list` (bech32 with the chain's prefix, or 0x hex on EVM chains and minievm rollups). */
            chain_ids_to_addresses: {
                [key: string]: string;
            };
            slippage_tolerance_percent?: components["schemas"]["slippage-tolerance-percent"];
            timeout_seconds?: components["schemas"]["timeout-seconds"];
            /** @description Accepted and ignored (Weft charges no affiliate fees). */
            chain_ids_to_affiliates?: Record<string, never>;
            /** @description Accepted and ignored. */
            post_route_handler?: Record<string, never>;
            /** @description Accepted and ignored. */
            enable_gas_warnings?: boolean;
            /** @description Accepted and ignored (Skip uses it for Solana sources only). */
            fee_payer_address?: string;
        };
        /**
         * @description What `/v2/fungible/msgs` answers for the route `/v2/fungible/route` finds, plus that route: the same
         *     `txs`, `msgs`, `min_amount_out` and `estimated_fees` as the two calls in a row with the same input
         *     and clock.
         */
        "msgs-direct-response": components["schemas"]["msgs-response"] & {
            route: components["schemas"]["route"];
        };
        /**
         * @description Why an asset is recommended (Skip `Reason`):
         *     * `BASE_TOKEN`: the source's origin asset itself, on the chain that issued it (there the only
         *       recommendation).
         *     * `DIRECT`: the route to it is a single operation (one transfer, or the rollup's ERC20Wrapper
         *       conversion on the source chain).
         *     * `UNKNOWN`: a route reaches it, over more than one operation.
         *     * `MOST_LIQUID`: Skip's most liquid form on the destination chain. Weft has no liquidity data and
         *       never gives this reason; asked for it, an entry carries an `error`.
         * @enum {string}
         */
        "recommendation-reason": "UNKNOWN" | "MOST_LIQUID" | "BASE_TOKEN" | "DIRECT";
        /** @description A source asset and the chain to recommend an asset on (Skip `RecommendationRequest`). */
        "recommendation-request": {
            /** @description Denom of the source asset on `source_asset_chain_id`. */
            source_asset_denom: string;
            source_asset_chain_id: components["schemas"]["chain-id"];
            dest_chain_id: components["schemas"]["chain-id"];
            /** @description Only recommendations with this reason (default any). */
            reason?: components["schemas"]["recommendation-reason"] | null;
        };
        /** @description Asset recommendations for several source assets at once; one entry each in the answer, in order. */
        "recommend-assets-request": {
            /** @description The requests (at most 100, so one call cannot ask for unbounded route searches). */
            requests: components["schemas"]["recommendation-request"][];
            /** @description Accepted for Skip compatibility and ignored. */
            client_id?: string | null;
        };
        /** @description A recommended destination asset and why (Skip `AssetRecommendation`). */
        "asset-recommendation": {
            asset: components["schemas"]["asset"];
            reason: components["schemas"]["recommendation-reason"];
        };
        /**
         * @description The answer to one request: its recommendations, best first (`BASE_TOKEN`, then `DIRECT`, then
         *     `UNKNOWN`; within a reason, fewer txs, then the shorter estimated duration, then registry order).
         *     When there are none, `recommendations` is empty and `error` says why.
         */
        "recommendation-entry": {
            /** @description The recommended assets, all on the request's `dest_chain_id`. */
            recommendations: components["schemas"]["asset-recommendation"][];
            /** @description Why this request has no recommendation. */
            error?: {
                /** @description What was looked for and not found. */
                message: string;
            };
        };
        /** @description A broadcast tx to track. */
        "track-request": {
            /** @description Hash of the tx on `chain_id` (64 hex digits, `0x` optional, any case). */
            tx_hash: string;
            chain_id: components["schemas"]["chain-id"];
        };
        /** @description The tx is tracked. */
        "track-response": {
            /** @description The tracked hash, normalised (upper-case hex on Cosmos chains). */
            tx_hash: string;
            /** @description Link to the tx in the chain's explorer; `""` when the chain has none. */
            explorer_link: string;
        };
        /**
         * @description Detailed state of a transfer (Skip `TransactionState`):
         *     - `STATE_SUBMITTED`: accepted for tracking; the tx is not yet seen on its chain.
         *     - `STATE_PENDING`: the tx executed and the transfer is moving hop by hop.
         *     - `STATE_PENDING_ERROR`: a hop failed and the refund is propagating back (IBC error acknowledgement
         *       or timeout not yet relayed to the source).
         *     - `STATE_COMPLETED_SUCCESS`: the funds arrived at the destination. The only success.
         *     - `STATE_COMPLETED_ERROR`: the transfer failed (source tx failed, error acknowledgement, timeout);
         *       `transfer_asset_release` says where the funds are.
         *     - `STATE_ABANDONED`: tracking gave up: the tx was not seen within the submit window, or no hop made
         *       progress within the progress window (see the server's tracker settings).
         *     - `STATE_RECEIVED`, `STATE_COMPLETED`, `STATE_UNKNOWN`: Skip values Weft never emits in `state`.
         * @enum {string}
         */
        "transaction-state": "STATE_SUBMITTED" | "STATE_PENDING" | "STATE_PENDING_ERROR" | "STATE_COMPLETED_SUCCESS" | "STATE_COMPLETED_ERROR" | "STATE_ABANDONED" | "STATE_RECEIVED" | "STATE_COMPLETED" | "STATE_UNKNOWN";
        /** @description A tx on one chain that moved the transfer along; null until it is seen. Weft always emits `explorer_link` and `on_chain_at`; some real Skip bodies omit the link. */
        "chain-transaction": {
            chain_id: components["schemas"]["chain-id"];
            /** @description Tx hash (upper-case hex for Cosmos chains, 0x hex for EVM). */
            tx_hash: string;
            /** @description Link to the tx in the chain's explorer; `""` when the chain has none. */
            explorer_link?: string;
            /**
             * Format: date-time
             * @description Block time of the tx (RFC 3339, UTC).
             */
            on_chain_at?: string;
        } | null;
        /** @description Why an IBC packet failed; null when it did not. */
        "packet-error": {
            /**
             * @description `PACKET_ERROR_ACKNOWLEDGEMENT` (the receiving chain acknowledged with an error), `PACKET_ERROR_TIMEOUT` (the packet timed out and was refunded), `PACKET_ERROR_UNKNOWN`.
             * @enum {string}
             */
            type?: "PACKET_ERROR_UNKNOWN" | "PACKET_ERROR_ACKNOWLEDGEMENT" | "PACKET_ERROR_TIMEOUT";
            /** @description ABCI code of the failure, when there is one. */
            code?: number;
            /** @description The error, e.g. the error acknowledgement's text. */
            message: string;
            /** @description Extra detail, e.g. `{code, message}` of the acknowledgement error. */
            details?: Record<string, never> | null;
        } | null;
        /**
         * @description One hop of a tracked transfer: exactly one key. Weft emits `ibc_transfer`, `op_init_transfer` and
         *     `layer_zero_transfer`, each with the deprecated `src_chain_id` / `dst_chain_id` beside
         *     `from_chain_id` / `to_chain_id` (initia.js reads only those). The other Skip hop kinds are documented
         *     by their key only.
         */
        "transfer-event": {
            /**
             * @description An IBC hop. `state`: `TRANSFER_PENDING` (sent, not yet received), `TRANSFER_RECEIVED` (received,
             *     acknowledgement not yet relayed back), `TRANSFER_SUCCESS` (acknowledged with success),
             *     `TRANSFER_FAILURE` (error acknowledgement or timeout; `packet_txs.error` says which),
             *     `TRANSFER_PENDING_ERROR` (an error is propagating back), `TRANSFER_UNKNOWN`.
             */
            ibc_transfer?: {
                from_chain_id: components["schemas"]["chain-id"];
                to_chain_id: components["schemas"]["chain-id"];
                src_chain_id?: components["schemas"]["chain-id"];
                dst_chain_id?: components["schemas"]["chain-id"];
                /**
                 * @description Hop state (see above).
                 * @enum {string}
                 */
                state: "TRANSFER_UNKNOWN" | "TRANSFER_PENDING" | "TRANSFER_RECEIVED" | "TRANSFER_SUCCESS" | "TRANSFER_FAILURE" | "TRANSFER_PENDING_ERROR";
                /** @description The packet's txs; each null until seen. */
                packet_txs: {
                    send_tx: components["schemas"]["chain-transaction"];
                    receive_tx: components["schemas"]["chain-transaction"];
                    acknowledge_tx: components["schemas"]["chain-transaction"];
                    timeout_tx: components["schemas"]["chain-transaction"];
                    error: components["schemas"]["packet-error"];
                };
            };
            /**
             * @description An OPinit hop. `state`: `OPINIT_TRANSFER_SENT` (the initiating tx executed on the source),
             *     `OPINIT_TRANSFER_RECEIVED` (finalized on the destination), `OPINIT_TRANSFER_UNKNOWN`. There is no
             *     acknowledgement in the OPinit bridge.
             */
            op_init_transfer?: {
                from_chain_id: components["schemas"]["chain-id"];
                to_chain_id: components["schemas"]["chain-id"];
                src_chain_id?: components["schemas"]["chain-id"];
                dst_chain_id?: components["schemas"]["chain-id"];
                /**
                 * @description Hop state (see above).
                 * @enum {string}
                 */
                state: "OPINIT_TRANSFER_UNKNOWN" | "OPINIT_TRANSFER_SENT" | "OPINIT_TRANSFER_RECEIVED";
                /** @description The initiating and finalizing txs. */
                txs: {
                    send_tx: components["schemas"]["chain-transaction"];
                    receive_tx: components["schemas"]["chain-transaction"];
                };
            };
            /**
             * @description A LayerZero hop. `state`: `LAYER_ZERO_TRANSFER_SENT`, `LAYER_ZERO_TRANSFER_WAITING_FOR_COMPOSE`,
             *     `LAYER_ZERO_TRANSFER_RECEIVED`, `LAYER_ZERO_TRANSFER_FAILED`, `LAYER_ZERO_TRANSFER_UNKNOWN`.
             *     Weft's tracker reports `LAYER_ZERO_TRANSFER_SENT` (`send_tx`: the source tx that emitted the
             *     packet) until the destination chain shows the OFT's `OFTReceived` log of the packet's guid, then
             *     `LAYER_ZERO_TRANSFER_RECEIVED` with `receive_tx` (the delivery tx); the transfer is
             *     `STATE_COMPLETED` only then. Weft sends no composed messages, so `compose_tx` is always null.
             */
            layer_zero_transfer?: {
                from_chain_id: components["schemas"]["chain-id"];
                to_chain_id: components["schemas"]["chain-id"];
                src_chain_id?: components["schemas"]["chain-id"];
                dst_chain_id?: components["schemas"]["chain-id"];
                /**
                 * @description Hop state (see above).
                 * @enum {string}
                 */
                state: "LAYER_ZERO_TRANSFER_UNKNOWN" | "LAYER_ZERO_TRANSFER_SENT" | "LAYER_ZERO_TRANSFER_WAITING_FOR_COMPOSE" | "LAYER_ZERO_TRANSFER_RECEIVED" | "LAYER_ZERO_TRANSFER_FAILED";
                /** @description The hop's txs; each null until seen. */
                txs: {
                    send_tx?: components["schemas"]["chain-transaction"];
                    receive_tx?: components["schemas"]["chain-transaction"];
                    compose_tx?: components["schemas"]["chain-transaction"];
                    error_tx?: components["schemas"]["chain-transaction"];
                };
            };
            /** @description Skip Axelar hop (never produced by Weft). */
            axelar_transfer?: {
                [key: string]: unknown;
            };
            /** @description Skip CCTP hop (never produced by Weft). */
            cctp_transfer?: {
                [key: string]: unknown;
            };
            /** @description Skip Hyperlane hop (never produced by Weft). */
            hyperlane_transfer?: {
                [key: string]: unknown;
            };
            /** @description Skip Go Fast hop (never produced by Weft). */
            go_fast_transfer?: {
                [key: string]: unknown;
            };
            /** @description Skip Stargate hop (never produced by Weft). */
            stargate_transfer?: {
                [key: string]: unknown;
            };
            /** @description Skip Eureka hop (never produced by Weft). */
            eureka_transfer?: {
                [key: string]: unknown;
            };
        } & (unknown | unknown | unknown | unknown | unknown | unknown | unknown | unknown | unknown);
        /** @description Where the funds are now that the transfer is over (or being refunded); null while in flight. */
        "transfer-asset-release": {
            chain_id: components["schemas"]["chain-id"];
            /** @description Denom on that chain. */
            denom: string;
            /** @description Amount released, when known. */
            amount?: string | null;
            /** @description The funds are spendable there. */
            released: boolean;
        } | null;
        /** @description Why a transfer failed; null when it did not. */
        "status-error": {
            /**
             * @description `STATUS_ERROR_TRANSACTION_EXECUTION` (the source tx failed), `STATUS_ERROR_TRANSFER` (a hop failed: error acknowledgement or timeout), `STATUS_ERROR_INDEXING` (tracking gave up: the tx never appeared or made no progress), `STATUS_ERROR_UNKNOWN`.
             * @enum {string}
             */
            type?: "STATUS_ERROR_UNKNOWN" | "STATUS_ERROR_TRANSACTION_EXECUTION" | "STATUS_ERROR_INDEXING" | "STATUS_ERROR_TRANSFER";
            /** @description ABCI code of the failed tx, when there is one. */
            code?: number;
            /** @description What failed and where. */
            message: string;
            /** @description Extra detail, e.g. `{code, message}` of the failed tx. */
            details?: Record<string, never> | null;
        } | null;
        /** @description One independent transfer started by the tx (a tx may start several). */
        "transfer-status": {
            state: components["schemas"]["transaction-state"];
            /** @description The hops, in order. */
            transfer_sequence: components["schemas"]["transfer-event"][];
            /** @description The hop currently in flight (forward, or an error propagating back); null once terminal. */
            next_blocking_transfer: {
                /** @description Index into `transfer_sequence`. */
                transfer_sequence_index: number;
            } | null;
            transfer_asset_release: components["schemas"]["transfer-asset-release"];
            error: components["schemas"]["status-error"];
        };
        /**
         * @description The tracked transfer(s) of a tx. The top-level `state`, `transfer_sequence`,
         *     `next_blocking_transfer`, `transfer_asset_release` and `error` repeat those of the first (usually
         *     only) entry of `transfers`; the flat `transfer_sequence` is deprecated but still read by clients.
         */
        "tx-status": {
            /**
             * @description The high-level status clients poll on:
             *     - `STATE_SUBMITTED`: not yet seen on chain;
             *     - `STATE_PENDING`: in flight (including `STATE_PENDING_ERROR`);
             *     - `STATE_COMPLETED`: terminal, the funds arrived (`state` is `STATE_COMPLETED_SUCCESS`);
             *     - `STATE_FAILED`: terminal, the transfer failed or was abandoned (`state` is
             *       `STATE_COMPLETED_ERROR` or `STATE_ABANDONED`; `error` explains).
             *     **Decision:** Weft ends every tracked transfer in `STATE_COMPLETED` or `STATE_FAILED`. Skip's own
             *     service reports `STATE_COMPLETED` for failures too; clients that stop polling only on
             *     `STATE_COMPLETED` (InterwovenKit) still read the failure from `state`, but keep polling a failed
             *     transfer, so they should also stop on `STATE_FAILED`.
             * @enum {string}
             */
            status: "STATE_SUBMITTED" | "STATE_PENDING" | "STATE_COMPLETED" | "STATE_FAILED";
            state: components["schemas"]["transaction-state"];
            /** @description One entry per independent transfer started by the tx. */
            transfers: components["schemas"]["transfer-status"][];
            /** @description Deprecated copy of `transfers[0].transfer_sequence`. */
            transfer_sequence: components["schemas"]["transfer-event"][];
            /** @description Copy of `transfers[0].next_blocking_transfer`. */
            next_blocking_transfer: {
                /** @description Index into `transfer_sequence`. */
                transfer_sequence_index?: number;
            } | null;
            transfer_asset_release: components["schemas"]["transfer-asset-release"];
            error: components["schemas"]["status-error"];
        };
        /** @description Outcome of the readiness checks. */
        readiness: {
            /**
             * @description Always `ready` on a 200.
             * @constant
             */
            status: "ready";
            /**
             * @description The database answered a query.
             * @constant
             */
            database: "ok";
            /** @description Migration bookkeeping read from the database. */
            migrations: {
                /** @description Migrations recorded as applied. */
                applied: number;
                /** @description Committed migrations not applied yet (0 when ready). */
                pending: number;
            };
            /**
             * @description Present when the server reads from streaming replicas (DATABASE_READ_URLS): each replica, whether
             *     the Indexer API's reads go to it, and why not. A skipped replica does not make the server unready
             *     (reads then go to the other replicas, else the primary).
             */
            replicas?: {
                /**
                 * @description The replica's `host:port`.
                 * @example 10.0.0.12:5432
                 */
                replica: string;
                /**
                 * @description `in_use`: reads go to it; `lagging`: more than DATABASE_READ_MAX_LAG_BLOCKS behind the
                 *     primary's ingestion checkpoint; `unreachable`: it did not answer its last poll within 2 s;
                 *     `starting`: not polled yet.
                 * @enum {string}
                 */
                state: "in_use" | "lagging" | "unreachable" | "starting";
                /** @description Blocks behind the primary at the last poll that reached it. */
                lag_blocks?: number;
                /** @description Why it is skipped (absent when in use). */
                reason?: string;
            }[];
            /**
             * @description Present on the METRICS_PORT of `weft ingest --chains` (CHAINS_FILE): every chain the process
             *     follows and whether it progresses. One stalled chain does not make the process unready (the
             *     others go on); `/{chain_id}/ready` on the same port answers 503 INGEST_STALLED for that chain
             *     alone, and `/ready` answers 503 only when every chain is stalled.
             */
            chains?: {
                /** @example weft-evm-1 */
                chain_id: string;
                /**
                 * @description `stalled`: nothing committed for INGEST_STALL_TIMEOUT_MS with work to do, or stopped on
                 *     an error it retries with backoff (a node down at startup, a node serving another chain).
                 * @enum {string}
                 */
                state: "ingesting" | "stalled";
                /** @description Why it is stalled (absent while ingesting), as its 503 would say. */
                reason?: string;
            }[];
        };
    };
    responses: {
        /** @description An unexpected server error. Internals are never exposed; the request id is in the logs. */
        "internal-error": {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["error"];
            };
        };
        /**
         * @description The database (or a node it needed) is unavailable: the connection was refused, lost or timed out, or
         *     a statement ran past the server's statement timeout. Answered fast, without waiting for the
         *     database, while it is down; retry after `Retry-After` seconds. Nothing is wrong with the request.
         */
        "service-unavailable": {
            headers: {
                /**
                 * @description Seconds after which the request is worth retrying.
                 * @example 1
                 */
                "Retry-After"?: number;
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["error"];
            };
        };
        /** @description The request is malformed; `message` names the parameter and what it expects. */
        "bad-request": {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["error"];
            };
        };
        /** @description The block, tx or collection is not indexed. */
        "not-found": {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["error"];
            };
        };
        /** @description Not found, or this chain is not an EVM chain (then `message` says so). */
        "evm-unavailable": {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["error"];
            };
        };
        /**
         * @description The router cannot answer now: this server has no registry (configure `ROUTER_REGISTRY`), or the
         *     database is unavailable (connection refused, lost or timed out; then `Retry-After` says in how many
         *     seconds to retry). Nothing is wrong with the request.
         */
        "router-unavailable": {
            headers: {
                /**
                 * @description Seconds after which the request is worth retrying (database outages only).
                 * @example 1
                 */
                "Retry-After"?: number;
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["error"];
            };
        };
        /** @description The JSON body is larger than the server accepts (256 KiB by default, `BODY_LIMIT`). */
        "payload-too-large": {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["error"];
            };
        };
        /** @description The body is not JSON; send it with `Content-Type: application/json`. */
        "unsupported-media-type": {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["error"];
            };
        };
    };
    parameters: {
        /**
         * @description Where the page starts: the `next_key` of the previous page (base64 of the cursor `{"height":N}`:
         *     the blocks below height N, above it with `pagination.reverse=false`), or base64 of a decimal offset
         *     (e.g. `MTAw` = 100). A key replaces
         *     `pagination.offset`; an empty value means no key. Any other key is a 400 naming `pagination.key`
         *     (`invalid pagination.key: ...; pass the next_key of a previous page, or no key for the first
         *     page`): one not base64, neither JSON nor a decimal, or a JSON cursor with fields the block list does not
         *     issue or without the ones it needs.
         */
        "pagination-key-block": components["schemas"]["pagination-key"];
        /**
         * @description Records to skip when no `pagination.key` is given. Anything but a nonnegative integer is a 400
         *     naming `pagination.offset`: `invalid pagination.offset: must be a nonnegative integer`.
         * @example 0
         */
        "pagination-offset": number;
        /**
         * @description Records per page, 1 to 1000. Anything else is a 400 naming `pagination.limit`:
         *     `invalid pagination.limit: must be an integer from 1 to 1000`.
         * @example 10
         */
        "pagination-limit": number;
        /**
         * @description Whether `pagination.total` is computed. Defaults to true (explorers read totals without asking);
         *     with false, `total` is `"0"` (except on `/blocks`, whose total is always the latest height).
         * @example false
         */
        "pagination-count-total": boolean;
        /**
         * @description Newest (or largest) first when true, the default; oldest first when false.
         * @example true
         */
        "pagination-reverse": boolean;
        /**
         * @description Where the page starts: the `next_key` of the previous page (base64 of the cursor
         *     `{"sequence":N}`), or base64 of a decimal offset (e.g. `MTAw` = 100). A key replaces
         *     `pagination.offset`; an empty value means no key. Any other key is a 400 naming `pagination.key`
         *     (`invalid pagination.key: ...; pass the next_key of a previous page, or no key for the first
         *     page`): one not base64, neither JSON nor a decimal, or a JSON cursor with fields a tx list does not
         *     issue or without the ones it needs.
         */
        "pagination-key-tx": components["schemas"]["pagination-key"];
        /**
         * @description Keep only txs holding at least one message of one of these types (OR), named without the leading
         *     slash (`cosmos.bank.v1beta1.MsgSend`). Accepted repeated (`msgs=a&msgs=b`) and comma-separated
         *     (`msgs=a,b`). **Decision:** a type no indexed tx has matches nothing, so a filter never silently
         *     turns into "all txs" (the reference drops unknown names and, if all are unknown, the filter).
         * @example [
         *       "cosmos.bank.v1beta1.MsgSend"
         *     ]
         */
        msgs: string[];
        /**
         * @description An account, contract or object address: bech32 with the chain's prefix (`init1...`), or 20- or
         *     32-byte hex with or without `0x` in any case (leading zeros may be left out). Malformed: 400.
         * @example init1llwvfwsm5q5aj8akgh4tz43szrh8hnavl0tt26
         */
        account: string;
        /**
         * @description With `true`, only txs the account signed (first signer of the tx; `from` for EVM txs). Only the
         *     literal `true` filters; any other value, like the reference, does not.
         * @example true
         */
        "is-signer": string;
        /**
         * @description Block height, a positive integer (at most 2^63-1). Anything else is a 400 naming `height`, the
         *     same on every route taking a height: `invalid height: must be a positive integer`.
         * @example 100
         */
        height: number;
        /**
         * @description A tx hash: 64 hex digits, with or without `0x`, in any case; anything else is a 400.
         * @example 709B55BD3DA0F5A838125BD0EE20C5BFDD7CABA173912D4281CAE816B79A201B
         */
        "tx-hash": string;
        /**
         * @description Where the page starts: the `next_key` of the previous page (base64 of
         *     `{"collection_addr":"0x..","height":N}`), base64 of `{"height":N}` (collections created below
         *     height N, above it with `pagination.reverse=false`), or base64 of a decimal offset (e.g. `MTAw` =
         *     100). A key replaces
         *     `pagination.offset`; an empty value means no key. Any other key is a 400 naming `pagination.key`
         *     (`invalid pagination.key: ...; pass the next_key of a previous page, or no key for the first
         *     page`): one not base64, neither JSON nor a decimal, or a JSON cursor with fields a collection list does not
         *     issue or without the ones it needs.
         */
        "pagination-key-nft-collection": components["schemas"]["pagination-key"];
        /**
         * @description Collection address, hex (any case, leading zeros optional, 0x optional) or bech32.
         * @example 0x9bde35a82c578fe7b7fbb957a72be8c4874602d1fd4919bc88e57868298a11ff
         */
        "collection-addr-path": string;
        /**
         * @description Sort of NFT tokens: `token_id` (lexicographic, the default) or `height` (last change); case-insensitive; anything else is a 400.
         * @example height
         */
        "order-by": string;
        /**
         * @description Where the page starts: the `next_key` of the previous page (base64 of
         *     `{"collection_addr":"0x..","height":N,"token_id":"T"}`), base64 of `{"height":N,"token_id":"T"}`
         *     (the tokens after that one in the page's order), or base64 of a decimal offset (e.g. `MTAw` =
         *     100). A key replaces
         *     `pagination.offset`; an empty value means no key. Any other key is a 400 naming `pagination.key`
         *     (`invalid pagination.key: ...; pass the next_key of a previous page, or no key for the first
         *     page`): one not base64, neither JSON nor a decimal, or a JSON cursor with fields a token list does not
         *     issue or without the ones it needs.
         */
        "pagination-key-nft-token": components["schemas"]["pagination-key"];
        /**
         * @description Where the page starts: the `next_key` of the previous page (base64 of
         *     `{"account":"0x..","amount":"N"}`), base64 of `{"amount":"N"}` (holders below balance N, above it
         *     with `pagination.reverse=false`), or base64 of a decimal offset (e.g. `MTAw` = 100, the
         *     explorer's page numbers). A key replaces
         *     `pagination.offset`; an empty value means no key. Any other key is a 400 naming `pagination.key`
         *     (`invalid pagination.key: ...; pass the next_key of a previous page, or no key for the first
         *     page`): one not base64, neither JSON nor a decimal, or a JSON cursor with fields the rich list does not
         *     issue or without the ones it needs.
         */
        "pagination-key-rich-list": components["schemas"]["pagination-key"];
        /**
         * @description Only these chains (default: every chain). Accepted repeated (`chain_ids=a&chain_ids=b`, as the Skip
         *     client sends), comma-separated (`chain_ids=a,b`, as initia.js sends) or single. An unknown chain id is a 400.
         * @example [
         *       "initiation-2"
         *     ]
         */
        "chain-ids": string[];
        /**
         * @description Include EVM chains (chain_type evm). Default true: Weft's registry holds few chains and clients filter by `chain_type`.
         * @example true
         */
        "include-evm": boolean;
        /**
         * @description Include SVM chains. Weft has none; accepted for compatibility.
         * @example true
         */
        "include-svm": boolean;
        /**
         * @description Only chains marked `is_testnet` (true) or only mainnets (false). Default: both.
         * @example true
         */
        "only-testnets": boolean;
        /**
         * @description Only assets native to their chain (`trace` empty and not OPinit-bridged).
         * @example true
         */
        "native-only": boolean;
        /**
         * @description Include assets without symbol/decimals. Default false; every registry asset has metadata, so it changes nothing on Weft.
         * @example true
         */
        "include-no-metadata-assets": boolean;
        /**
         * @description Include CosmWasm cw20 assets. Default false.
         * @example true
         */
        "include-cw20-assets": boolean;
        /**
         * @description Include ERC-20 and native assets of EVM chains. Default true (InterwovenKit needs minievm `evm/...` tokens).
         * @example true
         */
        "include-evm-assets": boolean;
        /**
         * @description Include SVM assets. Weft has none.
         * @example true
         */
        "include-svm-assets": boolean;
        /**
         * @description Hash of the tracked tx, as given to `/v2/tx/track` (64 hex digits, `0x` optional, any case).
         * @example 5B0D2A9DEC6C1A8B3A3E4E0F4FA4B9F8C1B2E7D8A2C3F4E5D6B7A8C9D0E1F2A3
         */
        "status-tx-hash": string;
        /**
         * @description Chain the tx was broadcast on.
         * @example initiation-2
         */
        "status-chain-id": string;
    };
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getStatus: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Ingestion status. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Server version. */
                        version: string;
                        /** @description Source commit of the build, or "unknown". */
                        commit_hash: string;
                        /** @description Chain id. */
                        chain_id: string;
                        /** @description Latest indexed height. */
                        height: number;
                        /** @description Latest height whose EVM internal txs are indexed (EVM chains only; absent elsewhere). */
                        internal_tx_height?: number;
                        /** @description Latest height the rich list includes. */
                        rich_list_height?: number;
                    };
                };
            };
            500: components["responses"]["internal-error"];
            /**
             * @description Nothing indexed yet, or the database is unavailable (connection refused, lost or timed out; then
             *     `Retry-After` says in how many seconds to retry).
             */
            503: {
                headers: {
                    /**
                     * @description Seconds after which the request is worth retrying (database outages only).
                     * @example 1
                     */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error"];
                };
            };
        };
    };
    getAvgBlockTime: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The average, a JSON number of seconds. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Seconds. */
                        avg_block_time: number;
                    };
                };
            };
            500: components["responses"]["internal-error"];
            503: components["responses"]["service-unavailable"];
        };
    };
    listBlocks: {
        parameters: {
            query?: {
                /**
                 * @description Where the page starts: the `next_key` of the previous page (base64 of the cursor `{"height":N}`:
                 *     the blocks below height N, above it with `pagination.reverse=false`), or base64 of a decimal offset
                 *     (e.g. `MTAw` = 100). A key replaces
                 *     `pagination.offset`; an empty value means no key. Any other key is a 400 naming `pagination.key`
                 *     (`invalid pagination.key: ...; pass the next_key of a previous page, or no key for the first
                 *     page`): one not base64, neither JSON nor a decimal, or a JSON cursor with fields the block list does not
                 *     issue or without the ones it needs.
                 */
                "pagination.key"?: components["parameters"]["pagination-key-block"];
                /**
                 * @description Records to skip when no `pagination.key` is given. Anything but a nonnegative integer is a 400
                 *     naming `pagination.offset`: `invalid pagination.offset: must be a nonnegative integer`.
                 * @example 0
                 */
                "pagination.offset"?: components["parameters"]["pagination-offset"];
                /**
                 * @description Records per page, 1 to 1000. Anything else is a 400 naming `pagination.limit`:
                 *     `invalid pagination.limit: must be an integer from 1 to 1000`.
                 * @example 10
                 */
                "pagination.limit"?: components["parameters"]["pagination-limit"];
                /**
                 * @description Whether `pagination.total` is computed. Defaults to true (explorers read totals without asking);
                 *     with false, `total` is `"0"` (except on `/blocks`, whose total is always the latest height).
                 * @example false
                 */
                "pagination.count_total"?: components["parameters"]["pagination-count-total"];
                /**
                 * @description Newest (or largest) first when true, the default; oldest first when false.
                 * @example true
                 */
                "pagination.reverse"?: components["parameters"]["pagination-reverse"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of blocks. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Blocks of this page. */
                        blocks: components["schemas"]["block"][];
                        pagination: components["schemas"]["pagination"];
                    };
                };
            };
            400: components["responses"]["bad-request"];
            500: components["responses"]["internal-error"];
            503: components["responses"]["service-unavailable"];
        };
    };
    getBlock: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Block height, a positive decimal integer (at most 2^63-1). Anything else is a 400 naming
                 *     `height`, the same on every route taking a height: `invalid height: must be a positive integer`.
                 * @example 100
                 */
                height: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The block. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        block: components["schemas"]["block"];
                    };
                };
            };
            /** @description The height is not a positive integer. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error"];
                };
            };
            404: components["responses"]["not-found"];
            500: components["responses"]["internal-error"];
            503: components["responses"]["service-unavailable"];
        };
    };
    listTxs: {
        parameters: {
            query?: {
                /**
                 * @description Where the page starts: the `next_key` of the previous page (base64 of the cursor
                 *     `{"sequence":N}`), or base64 of a decimal offset (e.g. `MTAw` = 100). A key replaces
                 *     `pagination.offset`; an empty value means no key. Any other key is a 400 naming `pagination.key`
                 *     (`invalid pagination.key: ...; pass the next_key of a previous page, or no key for the first
                 *     page`): one not base64, neither JSON nor a decimal, or a JSON cursor with fields a tx list does not
                 *     issue or without the ones it needs.
                 */
                "pagination.key"?: components["parameters"]["pagination-key-tx"];
                /**
                 * @description Records to skip when no `pagination.key` is given. Anything but a nonnegative integer is a 400
                 *     naming `pagination.offset`: `invalid pagination.offset: must be a nonnegative integer`.
                 * @example 0
                 */
                "pagination.offset"?: components["parameters"]["pagination-offset"];
                /**
                 * @description Records per page, 1 to 1000. Anything else is a 400 naming `pagination.limit`:
                 *     `invalid pagination.limit: must be an integer from 1 to 1000`.
                 * @example 10
                 */
                "pagination.limit"?: components["parameters"]["pagination-limit"];
                /**
                 * @description Whether `pagination.total` is computed. Defaults to true (explorers read totals without asking);
                 *     with false, `total` is `"0"` (except on `/blocks`, whose total is always the latest height).
                 * @example false
                 */
                "pagination.count_total"?: components["parameters"]["pagination-count-total"];
                /**
                 * @description Newest (or largest) first when true, the default; oldest first when false.
                 * @example true
                 */
                "pagination.reverse"?: components["parameters"]["pagination-reverse"];
                /**
                 * @description Keep only txs holding at least one message of one of these types (OR), named without the leading
                 *     slash (`cosmos.bank.v1beta1.MsgSend`). Accepted repeated (`msgs=a&msgs=b`) and comma-separated
                 *     (`msgs=a,b`). **Decision:** a type no indexed tx has matches nothing, so a filter never silently
                 *     turns into "all txs" (the reference drops unknown names and, if all are unknown, the filter).
                 * @example [
                 *       "cosmos.bank.v1beta1.MsgSend"
                 *     ]
                 */
                msgs?: components["parameters"]["msgs"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of txs. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["txs-page"];
                };
            };
            400: components["responses"]["bad-request"];
            500: components["responses"]["internal-error"];
            503: components["responses"]["service-unavailable"];
        };
    };
    listTxsByAccount: {
        parameters: {
            query?: {
                /**
                 * @description Where the page starts: the `next_key` of the previous page (base64 of the cursor
                 *     `{"sequence":N}`), or base64 of a decimal offset (e.g. `MTAw` = 100). A key replaces
                 *     `pagination.offset`; an empty value means no key. Any other key is a 400 naming `pagination.key`
                 *     (`invalid pagination.key: ...; pass the next_key of a previous page, or no key for the first
                 *     page`): one not base64, neither JSON nor a decimal, or a JSON cursor with fields a tx list does not
                 *     issue or without the ones it needs.
                 */
                "pagination.key"?: components["parameters"]["pagination-key-tx"];
                /**
                 * @description Records to skip when no `pagination.key` is given. Anything but a nonnegative integer is a 400
                 *     naming `pagination.offset`: `invalid pagination.offset: must be a nonnegative integer`.
                 * @example 0
                 */
                "pagination.offset"?: components["parameters"]["pagination-offset"];
                /**
                 * @description Records per page, 1 to 1000. Anything else is a 400 naming `pagination.limit`:
                 *     `invalid pagination.limit: must be an integer from 1 to 1000`.
                 * @example 10
                 */
                "pagination.limit"?: components["parameters"]["pagination-limit"];
                /**
                 * @description Whether `pagination.total` is computed. Defaults to true (explorers read totals without asking);
                 *     with false, `total` is `"0"` (except on `/blocks`, whose total is always the latest height).
                 * @example false
                 */
                "pagination.count_total"?: components["parameters"]["pagination-count-total"];
                /**
                 * @description Newest (or largest) first when true, the default; oldest first when false.
                 * @example true
                 */
                "pagination.reverse"?: components["parameters"]["pagination-reverse"];
                /**
                 * @description With `true`, only txs the account signed (first signer of the tx; `from` for EVM txs). Only the
                 *     literal `true` filters; any other value, like the reference, does not.
                 * @example true
                 */
                is_signer?: components["parameters"]["is-signer"];
                /**
                 * @description Keep only txs holding at least one message of one of these types (OR), named without the leading
                 *     slash (`cosmos.bank.v1beta1.MsgSend`). Accepted repeated (`msgs=a&msgs=b`) and comma-separated
                 *     (`msgs=a,b`). **Decision:** a type no indexed tx has matches nothing, so a filter never silently
                 *     turns into "all txs" (the reference drops unknown names and, if all are unknown, the filter).
                 * @example [
                 *       "cosmos.bank.v1beta1.MsgSend"
                 *     ]
                 */
                msgs?: components["parameters"]["msgs"];
            };
            header?: never;
            path: {
                /**
                 * @description An account, contract or object address: bech32 with the chain's prefix (`init1...`), or 20- or
                 *     32-byte hex with or without `0x` in any case (leading zeros may be left out). Malformed: 400.
                 * @example init1llwvfwsm5q5aj8akgh4tz43szrh8hnavl0tt26
                 */
                account: components["parameters"]["account"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the account's txs. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["txs-page"];
                };
            };
            /** @description Malformed account or pagination. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error"];
                };
            };
            500: components["responses"]["internal-error"];
            503: components["responses"]["service-unavailable"];
        };
    };
    listTxsByHeight: {
        parameters: {
            query?: {
                /**
                 * @description Where the page starts: the `next_key` of the previous page (base64 of the cursor
                 *     `{"sequence":N}`), or base64 of a decimal offset (e.g. `MTAw` = 100). A key replaces
                 *     `pagination.offset`; an empty value means no key. Any other key is a 400 naming `pagination.key`
                 *     (`invalid pagination.key: ...; pass the next_key of a previous page, or no key for the first
                 *     page`): one not base64, neither JSON nor a decimal, or a JSON cursor with fields a tx list does not
                 *     issue or without the ones it needs.
                 */
                "pagination.key"?: components["parameters"]["pagination-key-tx"];
                /**
                 * @description Records to skip when no `pagination.key` is given. Anything but a nonnegative integer is a 400
                 *     naming `pagination.offset`: `invalid pagination.offset: must be a nonnegative integer`.
                 * @example 0
                 */
                "pagination.offset"?: components["parameters"]["pagination-offset"];
                /**
                 * @description Records per page, 1 to 1000. Anything else is a 400 naming `pagination.limit`:
                 *     `invalid pagination.limit: must be an integer from 1 to 1000`.
                 * @example 10
                 */
                "pagination.limit"?: components["parameters"]["pagination-limit"];
                /**
                 * @description Whether `pagination.total` is computed. Defaults to true (explorers read totals without asking);
                 *     with false, `total` is `"0"` (except on `/blocks`, whose total is always the latest height).
                 * @example false
                 */
                "pagination.count_total"?: components["parameters"]["pagination-count-total"];
                /**
                 * @description Newest (or largest) first when true, the default; oldest first when false.
                 * @example true
                 */
                "pagination.reverse"?: components["parameters"]["pagination-reverse"];
                /**
                 * @description Keep only txs holding at least one message of one of these types (OR), named without the leading
                 *     slash (`cosmos.bank.v1beta1.MsgSend`). Accepted repeated (`msgs=a&msgs=b`) and comma-separated
                 *     (`msgs=a,b`). **Decision:** a type no indexed tx has matches nothing, so a filter never silently
                 *     turns into "all txs" (the reference drops unknown names and, if all are unknown, the filter).
                 * @example [
                 *       "cosmos.bank.v1beta1.MsgSend"
                 *     ]
                 */
                msgs?: components["parameters"]["msgs"];
            };
            header?: never;
            path: {
                /**
                 * @description Block height, a positive integer (at most 2^63-1). Anything else is a 400 naming `height`, the
                 *     same on every route taking a height: `invalid height: must be a positive integer`.
                 * @example 100
                 */
                height: components["parameters"]["height"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the block's txs. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["txs-page"];
                };
            };
            400: components["responses"]["bad-request"];
            500: components["responses"]["internal-error"];
            503: components["responses"]["service-unavailable"];
        };
    };
    getTx: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A tx hash: 64 hex digits, with or without `0x`, in any case; anything else is a 400.
                 * @example 709B55BD3DA0F5A838125BD0EE20C5BFDD7CABA173912D4281CAE816B79A201B
                 */
                tx_hash: components["parameters"]["tx-hash"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The tx. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        tx: components["schemas"]["tx-response"];
                    };
                };
            };
            /** @description The hash is not 64 hex digits. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error"];
                };
            };
            /** @description No indexed tx has this hash. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error"];
                };
            };
            500: components["responses"]["internal-error"];
            503: components["responses"]["service-unavailable"];
        };
    };
    listEvmTxs: {
        parameters: {
            query?: {
                /**
                 * @description Where the page starts: the `next_key` of the previous page (base64 of the cursor
                 *     `{"sequence":N}`), or base64 of a decimal offset (e.g. `MTAw` = 100). A key replaces
                 *     `pagination.offset`; an empty value means no key. Any other key is a 400 naming `pagination.key`
                 *     (`invalid pagination.key: ...; pass the next_key of a previous page, or no key for the first
                 *     page`): one not base64, neither JSON nor a decimal, or a JSON cursor with fields a tx list does not
                 *     issue or without the ones it needs.
                 */
                "pagination.key"?: components["parameters"]["pagination-key-tx"];
                /**
                 * @description Records to skip when no `pagination.key` is given. Anything but a nonnegative integer is a 400
                 *     naming `pagination.offset`: `invalid pagination.offset: must be a nonnegative integer`.
                 * @example 0
                 */
                "pagination.offset"?: components["parameters"]["pagination-offset"];
                /**
                 * @description Records per page, 1 to 1000. Anything else is a 400 naming `pagination.limit`:
                 *     `invalid pagination.limit: must be an integer from 1 to 1000`.
                 * @example 10
                 */
                "pagination.limit"?: components["parameters"]["pagination-limit"];
                /**
                 * @description Whether `pagination.total` is computed. Defaults to true (explorers read totals without asking);
                 *     with false, `total` is `"0"` (except on `/blocks`, whose total is always the latest height).
                 * @example false
                 */
                "pagination.count_total"?: components["parameters"]["pagination-count-total"];
                /**
                 * @description Newest (or largest) first when true, the default; oldest first when false.
                 * @example true
                 */
                "pagination.reverse"?: components["parameters"]["pagination-reverse"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Records of this page. */
                        txs: components["schemas"]["evm-tx"][];
                        pagination: components["schemas"]["pagination"];
                    };
                };
            };
            400: components["responses"]["bad-request"];
            404: components["responses"]["evm-unavailable"];
            500: components["responses"]["internal-error"];
            503: components["responses"]["service-unavailable"];
        };
    };
    listEvmTxsByAccount: {
        parameters: {
            query?: {
                /**
                 * @description With `true`, only txs the account signed (first signer of the tx; `from` for EVM txs). Only the
                 *     literal `true` filters; any other value, like the reference, does not.
                 * @example true
                 */
                is_signer?: components["parameters"]["is-signer"];
                /**
                 * @description Where the page starts: the `next_key` of the previous page (base64 of the cursor
                 *     `{"sequence":N}`), or base64 of a decimal offset (e.g. `MTAw` = 100). A key replaces
                 *     `pagination.offset`; an empty value means no key. Any other key is a 400 naming `pagination.key`
                 *     (`invalid pagination.key: ...; pass the next_key of a previous page, or no key for the first
                 *     page`): one not base64, neither JSON nor a decimal, or a JSON cursor with fields a tx list does not
                 *     issue or without the ones it needs.
                 */
                "pagination.key"?: components["parameters"]["pagination-key-tx"];
                /**
                 * @description Records to skip when no `pagination.key` is given. Anything but a nonnegative integer is a 400
                 *     naming `pagination.offset`: `invalid pagination.offset: must be a nonnegative integer`.
                 * @example 0
                 */
                "pagination.offset"?: components["parameters"]["pagination-offset"];
                /**
                 * @description Records per page, 1 to 1000. Anything else is a 400 naming `pagination.limit`:
                 *     `invalid pagination.limit: must be an integer from 1 to 1000`.
                 * @example 10
                 */
                "pagination.limit"?: components["parameters"]["pagination-limit"];
                /**
                 * @description Whether `pagination.total` is computed. Defaults to true (explorers read totals without asking);
                 *     with false, `total` is `"0"` (except on `/blocks`, whose total is always the latest height).
                 * @example false
                 */
                "pagination.count_total"?: components["parameters"]["pagination-count-total"];
                /**
                 * @description Newest (or largest) first when true, the default; oldest first when false.
                 * @example true
                 */
                "pagination.reverse"?: components["parameters"]["pagination-reverse"];
            };
            header?: never;
            path: {
                /**
                 * @description An account, contract or object address: bech32 with the chain's prefix (`init1...`), or 20- or
                 *     32-byte hex with or without `0x` in any case (leading zeros may be left out). Malformed: 400.
                 * @example init1llwvfwsm5q5aj8akgh4tz43szrh8hnavl0tt26
                 */
                account: components["parameters"]["account"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Records of this page. */
                        txs: components["schemas"]["evm-tx"][];
                        pagination: components["schemas"]["pagination"];
                    };
                };
            };
            400: components["responses"]["bad-request"];
            404: components["responses"]["evm-unavailable"];
            500: components["responses"]["internal-error"];
            503: components["responses"]["service-unavailable"];
        };
    };
    listEvmTxsByHeight: {
        parameters: {
            query?: {
                /**
                 * @description Where the page starts: the `next_key` of the previous page (base64 of the cursor
                 *     `{"sequence":N}`), or base64 of a decimal offset (e.g. `MTAw` = 100). A key replaces
                 *     `pagination.offset`; an empty value means no key. Any other key is a 400 naming `pagination.key`
                 *     (`invalid pagination.key: ...; pass the next_key of a previous page, or no key for the first
                 *     page`): one not base64, neither JSON nor a decimal, or a JSON cursor with fields a tx list does not
                 *     issue or without the ones it needs.
                 */
                "pagination.key"?: components["parameters"]["pagination-key-tx"];
                /**
                 * @description Records to skip when no `pagination.key` is given. Anything but a nonnegative integer is a 400
                 *     naming `pagination.offset`: `invalid pagination.offset: must be a nonnegative integer`.
                 * @example 0
                 */
                "pagination.offset"?: components["parameters"]["pagination-offset"];
                /**
                 * @description Records per page, 1 to 1000. Anything else is a 400 naming `pagination.limit`:
                 *     `invalid pagination.limit: must be an integer from 1 to 1000`.
                 * @example 10
                 */
                "pagination.limit"?: components["parameters"]["pagination-limit"];
                /**
                 * @description Whether `pagination.total` is computed. Defaults to true (explorers read totals without asking);
                 *     with false, `total` is `"0"` (except on `/blocks`, whose total is always the latest height).
                 * @example false
                 */
                "pagination.count_total"?: components["parameters"]["pagination-count-total"];
                /**
                 * @description Newest (or largest) first when true, the default; oldest first when false.
                 * @example true
                 */
                "pagination.reverse"?: components["parameters"]["pagination-reverse"];
            };
            header?: never;
            path: {
                /**
                 * @description Block height, a positive integer (at most 2^63-1). Anything else is a 400 naming `height`, the
                 *     same on every route taking a height: `invalid height: must be a positive integer`.
                 * @example 100
                 */
                height: components["parameters"]["height"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Records of this page. */
                        txs: components["schemas"]["evm-tx"][];
                        pagination: components["schemas"]["pagination"];
                    };
                };
            };
            400: components["responses"]["bad-request"];
            404: components["responses"]["evm-unavailable"];
            500: components["responses"]["internal-error"];
            503: components["responses"]["service-unavailable"];
        };
    };
    getEvmTx: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description EVM tx hash, 0x + 64 hex (any case; 0x optional).
                 * @example 0x2a9fd3e5254a3c480891ad6005c40e682bdeb3e74c15d758e3d8a6a41788351a
                 */
                tx_hash: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The EVM tx. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        tx: components["schemas"]["evm-tx"];
                    };
                };
            };
            400: components["responses"]["bad-request"];
            404: components["responses"]["evm-unavailable"];
            500: components["responses"]["internal-error"];
            503: components["responses"]["service-unavailable"];
        };
    };
    listEvmInternalTxs: {
        parameters: {
            query?: {
                /**
                 * @description Where the page starts: the `next_key` of the previous page (base64 of the cursor
                 *     `{"sequence":N}`), or base64 of a decimal offset (e.g. `MTAw` = 100). A key replaces
                 *     `pagination.offset`; an empty value means no key. Any other key is a 400 naming `pagination.key`
                 *     (`invalid pagination.key: ...; pass the next_key of a previous page, or no key for the first
                 *     page`): one not base64, neither JSON nor a decimal, or a JSON cursor with fields a tx list does not
                 *     issue or without the ones it needs.
                 */
                "pagination.key"?: components["parameters"]["pagination-key-tx"];
                /**
                 * @description Records to skip when no `pagination.key` is given. Anything but a nonnegative integer is a 400
                 *     naming `pagination.offset`: `invalid pagination.offset: must be a nonnegative integer`.
                 * @example 0
                 */
                "pagination.offset"?: components["parameters"]["pagination-offset"];
                /**
                 * @description Records per page, 1 to 1000. Anything else is a 400 naming `pagination.limit`:
                 *     `invalid pagination.limit: must be an integer from 1 to 1000`.
                 * @example 10
                 */
                "pagination.limit"?: components["parameters"]["pagination-limit"];
                /**
                 * @description Whether `pagination.total` is computed. Defaults to true (explorers read totals without asking);
                 *     with false, `total` is `"0"` (except on `/blocks`, whose total is always the latest height).
                 * @example false
                 */
                "pagination.count_total"?: components["parameters"]["pagination-count-total"];
                /**
                 * @description Newest (or largest) first when true, the default; oldest first when false.
                 * @example true
                 */
                "pagination.reverse"?: components["parameters"]["pagination-reverse"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Records of this page. */
                        internal_txs: components["schemas"]["evm-internal-tx"][];
                        pagination: components["schemas"]["pagination"];
                    };
                };
            };
            400: components["responses"]["bad-request"];
            404: components["responses"]["evm-unavailable"];
            500: components["responses"]["internal-error"];
            503: components["responses"]["service-unavailable"];
        };
    };
    listEvmInternalTxsByAccount: {
        parameters: {
            query?: {
                /**
                 * @description Where the page starts: the `next_key` of the previous page (base64 of the cursor
                 *     `{"sequence":N}`), or base64 of a decimal offset (e.g. `MTAw` = 100). A key replaces
                 *     `pagination.offset`; an empty value means no key. Any other key is a 400 naming `pagination.key`
                 *     (`invalid pagination.key: ...; pass the next_key of a previous page, or no key for the first
                 *     page`): one not base64, neither JSON nor a decimal, or a JSON cursor with fields a tx list does not
                 *     issue or without the ones it needs.
                 */
                "pagination.key"?: components["parameters"]["pagination-key-tx"];
                /**
                 * @description Records to skip when no `pagination.key` is given. Anything but a nonnegative integer is a 400
                 *     naming `pagination.offset`: `invalid pagination.offset: must be a nonnegative integer`.
                 * @example 0
                 */
                "pagination.offset"?: components["parameters"]["pagination-offset"];
                /**
                 * @description Records per page, 1 to 1000. Anything else is a 400 naming `pagination.limit`:
                 *     `invalid pagination.limit: must be an integer from 1 to 1000`.
                 * @example 10
                 */
                "pagination.limit"?: components["parameters"]["pagination-limit"];
                /**
                 * @description Whether `pagination.total` is computed. Defaults to true (explorers read totals without asking);
                 *     with false, `total` is `"0"` (except on `/blocks`, whose total is always the latest height).
                 * @example false
                 */
                "pagination.count_total"?: components["parameters"]["pagination-count-total"];
                /**
                 * @description Newest (or largest) first when true, the default; oldest first when false.
                 * @example true
                 */
                "pagination.reverse"?: components["parameters"]["pagination-reverse"];
            };
            header?: never;
            path: {
                /**
                 * @description An account, contract or object address: bech32 with the chain's prefix (`init1...`), or 20- or
                 *     32-byte hex with or without `0x` in any case (leading zeros may be left out). Malformed: 400.
                 * @example init1llwvfwsm5q5aj8akgh4tz43szrh8hnavl0tt26
                 */
                account: components["parameters"]["account"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Records of this page. */
                        internal_txs: components["schemas"]["evm-internal-tx"][];
                        pagination: components["schemas"]["pagination"];
                    };
                };
            };
            400: components["responses"]["bad-request"];
            404: components["responses"]["evm-unavailable"];
            500: components["responses"]["internal-error"];
            503: components["responses"]["service-unavailable"];
        };
    };
    listEvmInternalTxsByHeight: {
        parameters: {
            query?: {
                /**
                 * @description Where the page starts: the `next_key` of the previous page (base64 of the cursor
                 *     `{"sequence":N}`), or base64 of a decimal offset (e.g. `MTAw` = 100). A key replaces
                 *     `pagination.offset`; an empty value means no key. Any other key is a 400 naming `pagination.key`
                 *     (`invalid pagination.key: ...; pass the next_key of a previous page, or no key for the first
                 *     page`): one not base64, neither JSON nor a decimal, or a JSON cursor with fields a tx list does not
                 *     issue or without the ones it needs.
                 */
                "pagination.key"?: components["parameters"]["pagination-key-tx"];
                /**
                 * @description Records to skip when no `pagination.key` is given. Anything but a nonnegative integer is a 400
                 *     naming `pagination.offset`: `invalid pagination.offset: must be a nonnegative integer`.
                 * @example 0
                 */
                "pagination.offset"?: components["parameters"]["pagination-offset"];
                /**
                 * @description Records per page, 1 to 1000. Anything else is a 400 naming `pagination.limit`:
                 *     `invalid pagination.limit: must be an integer from 1 to 1000`.
                 * @example 10
                 */
                "pagination.limit"?: components["parameters"]["pagination-limit"];
                /**
                 * @description Whether `pagination.total` is computed. Defaults to true (explorers read totals without asking);
                 *     with false, `total` is `"0"` (except on `/blocks`, whose total is always the latest height).
                 * @example false
                 */
                "pagination.count_total"?: components["parameters"]["pagination-count-total"];
                /**
                 * @description Newest (or largest) first when true, the default; oldest first when false.
                 * @example true
                 */
                "pagination.reverse"?: components["parameters"]["pagination-reverse"];
            };
            header?: never;
            path: {
                /**
                 * @description Block height, a positive integer (at most 2^63-1). Anything else is a 400 naming `height`, the
                 *     same on every route taking a height: `invalid height: must be a positive integer`.
                 * @example 100
                 */
                height: components["parameters"]["height"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Records of this page. */
                        internal_txs: components["schemas"]["evm-internal-tx"][];
                        pagination: components["schemas"]["pagination"];
                    };
                };
            };
            400: components["responses"]["bad-request"];
            404: components["responses"]["evm-unavailable"];
            500: components["responses"]["internal-error"];
            503: components["responses"]["service-unavailable"];
        };
    };
    listEvmInternalTxsByHash: {
        parameters: {
            query?: {
                /**
                 * @description Where the page starts: the `next_key` of the previous page (base64 of the cursor
                 *     `{"sequence":N}`), or base64 of a decimal offset (e.g. `MTAw` = 100). A key replaces
                 *     `pagination.offset`; an empty value means no key. Any other key is a 400 naming `pagination.key`
                 *     (`invalid pagination.key: ...; pass the next_key of a previous page, or no key for the first
                 *     page`): one not base64, neither JSON nor a decimal, or a JSON cursor with fields a tx list does not
                 *     issue or without the ones it needs.
                 */
                "pagination.key"?: components["parameters"]["pagination-key-tx"];
                /**
                 * @description Records to skip when no `pagination.key` is given. Anything but a nonnegative integer is a 400
                 *     naming `pagination.offset`: `invalid pagination.offset: must be a nonnegative integer`.
                 * @example 0
                 */
                "pagination.offset"?: components["parameters"]["pagination-offset"];
                /**
                 * @description Records per page, 1 to 1000. Anything else is a 400 naming `pagination.limit`:
                 *     `invalid pagination.limit: must be an integer from 1 to 1000`.
                 * @example 10
                 */
                "pagination.limit"?: components["parameters"]["pagination-limit"];
                /**
                 * @description Whether `pagination.total` is computed. Defaults to true (explorers read totals without asking);
                 *     with false, `total` is `"0"` (except on `/blocks`, whose total is always the latest height).
                 * @example false
                 */
                "pagination.count_total"?: components["parameters"]["pagination-count-total"];
                /**
                 * @description Newest (or largest) first when true, the default; oldest first when false.
                 * @example true
                 */
                "pagination.reverse"?: components["parameters"]["pagination-reverse"];
            };
            header?: never;
            path: {
                /**
                 * @description EVM tx hash, 0x + 64 hex (any case; 0x optional).
                 * @example 0x2a9fd3e5254a3c480891ad6005c40e682bdeb3e74c15d758e3d8a6a41788351a
                 */
                tx_hash: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Records of this page. */
                        internal_txs: components["schemas"]["evm-internal-tx"][];
                        pagination: components["schemas"]["pagination"];
                    };
                };
            };
            400: components["responses"]["bad-request"];
            404: components["responses"]["evm-unavailable"];
            500: components["responses"]["internal-error"];
            503: components["responses"]["service-unavailable"];
        };
    };
    listNftCollections: {
        parameters: {
            query?: {
                /**
                 * @description Where the page starts: the `next_key` of the previous page (base64 of
                 *     `{"collection_addr":"0x..","height":N}`), base64 of `{"height":N}` (collections created below
                 *     height N, above it with `pagination.reverse=false`), or base64 of a decimal offset (e.g. `MTAw` =
                 *     100). A key replaces
                 *     `pagination.offset`; an empty value means no key. Any other key is a 400 naming `pagination.key`
                 *     (`invalid pagination.key: ...; pass the next_key of a previous page, or no key for the first
                 *     page`): one not base64, neither JSON nor a decimal, or a JSON cursor with fields a collection list does not
                 *     issue or without the ones it needs.
                 */
                "pagination.key"?: components["parameters"]["pagination-key-nft-collection"];
                /**
                 * @description Records to skip when no `pagination.key` is given. Anything but a nonnegative integer is a 400
                 *     naming `pagination.offset`: `invalid pagination.offset: must be a nonnegative integer`.
                 * @example 0
                 */
                "pagination.offset"?: components["parameters"]["pagination-offset"];
                /**
                 * @description Records per page, 1 to 1000. Anything else is a 400 naming `pagination.limit`:
                 *     `invalid pagination.limit: must be an integer from 1 to 1000`.
                 * @example 10
                 */
                "pagination.limit"?: components["parameters"]["pagination-limit"];
                /**
                 * @description Whether `pagination.total` is computed. Defaults to true (explorers read totals without asking);
                 *     with false, `total` is `"0"` (except on `/blocks`, whose total is always the latest height).
                 * @example false
                 */
                "pagination.count_total"?: components["parameters"]["pagination-count-total"];
                /**
                 * @description Newest (or largest) first when true, the default; oldest first when false.
                 * @example true
                 */
                "pagination.reverse"?: components["parameters"]["pagination-reverse"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Records of this page. */
                        collections: components["schemas"]["nft-collection"][];
                        pagination: components["schemas"]["pagination"];
                    };
                };
            };
            400: components["responses"]["bad-request"];
            500: components["responses"]["internal-error"];
            503: components["responses"]["service-unavailable"];
        };
    };
    listNftCollectionsByAccount: {
        parameters: {
            query?: {
                /**
                 * @description Where the page starts: the `next_key` of the previous page (base64 of
                 *     `{"collection_addr":"0x..","height":N}`), base64 of `{"height":N}` (collections created below
                 *     height N, above it with `pagination.reverse=false`), or base64 of a decimal offset (e.g. `MTAw` =
                 *     100). A key replaces
                 *     `pagination.offset`; an empty value means no key. Any other key is a 400 naming `pagination.key`
                 *     (`invalid pagination.key: ...; pass the next_key of a previous page, or no key for the first
                 *     page`): one not base64, neither JSON nor a decimal, or a JSON cursor with fields a collection list does not
                 *     issue or without the ones it needs.
                 */
                "pagination.key"?: components["parameters"]["pagination-key-nft-collection"];
                /**
                 * @description Records to skip when no `pagination.key` is given. Anything but a nonnegative integer is a 400
                 *     naming `pagination.offset`: `invalid pagination.offset: must be a nonnegative integer`.
                 * @example 0
                 */
                "pagination.offset"?: components["parameters"]["pagination-offset"];
                /**
                 * @description Records per page, 1 to 1000. Anything else is a 400 naming `pagination.limit`:
                 *     `invalid pagination.limit: must be an integer from 1 to 1000`.
                 * @example 10
                 */
                "pagination.limit"?: components["parameters"]["pagination-limit"];
                /**
                 * @description Whether `pagination.total` is computed. Defaults to true (explorers read totals without asking);
                 *     with false, `total` is `"0"` (except on `/blocks`, whose total is always the latest height).
                 * @example false
                 */
                "pagination.count_total"?: components["parameters"]["pagination-count-total"];
                /**
                 * @description Newest (or largest) first when true, the default; oldest first when false.
                 * @example true
                 */
                "pagination.reverse"?: components["parameters"]["pagination-reverse"];
            };
            header?: never;
            path: {
                /**
                 * @description An account, contract or object address: bech32 with the chain's prefix (`init1...`), or 20- or
                 *     32-byte hex with or without `0x` in any case (leading zeros may be left out). Malformed: 400.
                 * @example init1llwvfwsm5q5aj8akgh4tz43szrh8hnavl0tt26
                 */
                account: components["parameters"]["account"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Records of this page. */
                        collections: components["schemas"]["nft-collection"][];
                        pagination: components["schemas"]["pagination"];
                    };
                };
            };
            400: components["responses"]["bad-request"];
            500: components["responses"]["internal-error"];
            503: components["responses"]["service-unavailable"];
        };
    };
    listNftCollectionsByName: {
        parameters: {
            query?: {
                /**
                 * @description Where the page starts: the `next_key` of the previous page (base64 of
                 *     `{"collection_addr":"0x..","height":N}`), base64 of `{"height":N}` (collections created below
                 *     height N, above it with `pagination.reverse=false`), or base64 of a decimal offset (e.g. `MTAw` =
                 *     100). A key replaces
                 *     `pagination.offset`; an empty value means no key. Any other key is a 400 naming `pagination.key`
                 *     (`invalid pagination.key: ...; pass the next_key of a previous page, or no key for the first
                 *     page`): one not base64, neither JSON nor a decimal, or a JSON cursor with fields a collection list does not
                 *     issue or without the ones it needs.
                 */
                "pagination.key"?: components["parameters"]["pagination-key-nft-collection"];
                /**
                 * @description Records to skip when no `pagination.key` is given. Anything but a nonnegative integer is a 400
                 *     naming `pagination.offset`: `invalid pagination.offset: must be a nonnegative integer`.
                 * @example 0
                 */
                "pagination.offset"?: components["parameters"]["pagination-offset"];
                /**
                 * @description Records per page, 1 to 1000. Anything else is a 400 naming `pagination.limit`:
                 *     `invalid pagination.limit: must be an integer from 1 to 1000`.
                 * @example 10
                 */
                "pagination.limit"?: components["parameters"]["pagination-limit"];
                /**
                 * @description Whether `pagination.total` is computed. Defaults to true (explorers read totals without asking);
                 *     with false, `total` is `"0"` (except on `/blocks`, whose total is always the latest height).
                 * @example false
                 */
                "pagination.count_total"?: components["parameters"]["pagination-count-total"];
                /**
                 * @description Newest (or largest) first when true, the default; oldest first when false.
                 * @example true
                 */
                "pagination.reverse"?: components["parameters"]["pagination-reverse"];
            };
            header?: never;
            path: {
                /**
                 * @description Text to find, case-insensitive, in the name or origin name (only letters, marks and digits are compared).
                 * @example kami
                 */
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Records of this page. */
                        collections: components["schemas"]["nft-collection"][];
                        pagination: components["schemas"]["pagination"];
                    };
                };
            };
            400: components["responses"]["bad-request"];
            500: components["responses"]["internal-error"];
            503: components["responses"]["service-unavailable"];
        };
    };
    getNftCollection: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Collection address, hex (any case, leading zeros optional, 0x optional) or bech32.
                 * @example 0x9bde35a82c578fe7b7fbb957a72be8c4874602d1fd4919bc88e57868298a11ff
                 */
                collection_addr: components["parameters"]["collection-addr-path"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The collection. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        collection: components["schemas"]["nft-collection"];
                    };
                };
            };
            400: components["responses"]["bad-request"];
            /** @description No such collection. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error"];
                };
            };
            500: components["responses"]["internal-error"];
            503: components["responses"]["service-unavailable"];
        };
    };
    listNftTokensByAccount: {
        parameters: {
            query?: {
                /**
                 * @description Only tokens of this collection (hex or bech32).
                 * @example 0x9bde35a82c578fe7b7fbb957a72be8c4874602d1fd4919bc88e57868298a11ff
                 */
                collection_addr?: string;
                /**
                 * @description Only this token id (exact match).
                 * @example 1
                 */
                token_id?: string;
                /**
                 * @description Sort of NFT tokens: `token_id` (lexicographic, the default) or `height` (last change); case-insensitive; anything else is a 400.
                 * @example height
                 */
                order_by?: components["parameters"]["order-by"];
                /**
                 * @description Where the page starts: the `next_key` of the previous page (base64 of
                 *     `{"collection_addr":"0x..","height":N,"token_id":"T"}`), base64 of `{"height":N,"token_id":"T"}`
                 *     (the tokens after that one in the page's order), or base64 of a decimal offset (e.g. `MTAw` =
                 *     100). A key replaces
                 *     `pagination.offset`; an empty value means no key. Any other key is a 400 naming `pagination.key`
                 *     (`invalid pagination.key: ...; pass the next_key of a previous page, or no key for the first
                 *     page`): one not base64, neither JSON nor a decimal, or a JSON cursor with fields a token list does not
                 *     issue or without the ones it needs.
                 */
                "pagination.key"?: components["parameters"]["pagination-key-nft-token"];
                /**
                 * @description Records to skip when no `pagination.key` is given. Anything but a nonnegative integer is a 400
                 *     naming `pagination.offset`: `invalid pagination.offset: must be a nonnegative integer`.
                 * @example 0
                 */
                "pagination.offset"?: components["parameters"]["pagination-offset"];
                /**
                 * @description Records per page, 1 to 1000. Anything else is a 400 naming `pagination.limit`:
                 *     `invalid pagination.limit: must be an integer from 1 to 1000`.
                 * @example 10
                 */
                "pagination.limit"?: components["parameters"]["pagination-limit"];
                /**
                 * @description Whether `pagination.total` is computed. Defaults to true (explorers read totals without asking);
                 *     with false, `total` is `"0"` (except on `/blocks`, whose total is always the latest height).
                 * @example false
                 */
                "pagination.count_total"?: components["parameters"]["pagination-count-total"];
                /**
                 * @description Newest (or largest) first when true, the default; oldest first when false.
                 * @example true
                 */
                "pagination.reverse"?: components["parameters"]["pagination-reverse"];
            };
            header?: never;
            path: {
                /**
                 * @description An account, contract or object address: bech32 with the chain's prefix (`init1...`), or 20- or
                 *     32-byte hex with or without `0x` in any case (leading zeros may be left out). Malformed: 400.
                 * @example init1llwvfwsm5q5aj8akgh4tz43szrh8hnavl0tt26
                 */
                account: components["parameters"]["account"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Records of this page. */
                        tokens: components["schemas"]["nft-token"][];
                        pagination: components["schemas"]["pagination"];
                    };
                };
            };
            400: components["responses"]["bad-request"];
            500: components["responses"]["internal-error"];
            503: components["responses"]["service-unavailable"];
        };
    };
    listNftTokensByCollection: {
        parameters: {
            query?: {
                /**
                 * @description Only this token id (exact match).
                 * @example 1
                 */
                token_id?: string;
                /**
                 * @description Sort of NFT tokens: `token_id` (lexicographic, the default) or `height` (last change); case-insensitive; anything else is a 400.
                 * @example height
                 */
                order_by?: components["parameters"]["order-by"];
                /**
                 * @description Where the page starts: the `next_key` of the previous page (base64 of
                 *     `{"collection_addr":"0x..","height":N,"token_id":"T"}`), base64 of `{"height":N,"token_id":"T"}`
                 *     (the tokens after that one in the page's order), or base64 of a decimal offset (e.g. `MTAw` =
                 *     100). A key replaces
                 *     `pagination.offset`; an empty value means no key. Any other key is a 400 naming `pagination.key`
                 *     (`invalid pagination.key: ...; pass the next_key of a previous page, or no key for the first
                 *     page`): one not base64, neither JSON nor a decimal, or a JSON cursor with fields a token list does not
                 *     issue or without the ones it needs.
                 */
                "pagination.key"?: components["parameters"]["pagination-key-nft-token"];
                /**
                 * @description Records to skip when no `pagination.key` is given. Anything but a nonnegative integer is a 400
                 *     naming `pagination.offset`: `invalid pagination.offset: must be a nonnegative integer`.
                 * @example 0
                 */
                "pagination.offset"?: components["parameters"]["pagination-offset"];
                /**
                 * @description Records per page, 1 to 1000. Anything else is a 400 naming `pagination.limit`:
                 *     `invalid pagination.limit: must be an integer from 1 to 1000`.
                 * @example 10
                 */
                "pagination.limit"?: components["parameters"]["pagination-limit"];
                /**
                 * @description Whether `pagination.total` is computed. Defaults to true (explorers read totals without asking);
                 *     with false, `total` is `"0"` (except on `/blocks`, whose total is always the latest height).
                 * @example false
                 */
                "pagination.count_total"?: components["parameters"]["pagination-count-total"];
                /**
                 * @description Newest (or largest) first when true, the default; oldest first when false.
                 * @example true
                 */
                "pagination.reverse"?: components["parameters"]["pagination-reverse"];
            };
            header?: never;
            path: {
                /**
                 * @description Collection address, hex (any case, leading zeros optional, 0x optional) or bech32.
                 * @example 0x9bde35a82c578fe7b7fbb957a72be8c4874602d1fd4919bc88e57868298a11ff
                 */
                collection_addr: components["parameters"]["collection-addr-path"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Records of this page. */
                        tokens: components["schemas"]["nft-token"][];
                        pagination: components["schemas"]["pagination"];
                    };
                };
            };
            400: components["responses"]["bad-request"];
            500: components["responses"]["internal-error"];
            503: components["responses"]["service-unavailable"];
        };
    };
    listNftTxs: {
        parameters: {
            query?: {
                /**
                 * @description Where the page starts: the `next_key` of the previous page (base64 of the cursor
                 *     `{"sequence":N}`), or base64 of a decimal offset (e.g. `MTAw` = 100). A key replaces
                 *     `pagination.offset`; an empty value means no key. Any other key is a 400 naming `pagination.key`
                 *     (`invalid pagination.key: ...; pass the next_key of a previous page, or no key for the first
                 *     page`): one not base64, neither JSON nor a decimal, or a JSON cursor with fields a tx list does not
                 *     issue or without the ones it needs.
                 */
                "pagination.key"?: components["parameters"]["pagination-key-tx"];
                /**
                 * @description Records to skip when no `pagination.key` is given. Anything but a nonnegative integer is a 400
                 *     naming `pagination.offset`: `invalid pagination.offset: must be a nonnegative integer`.
                 * @example 0
                 */
                "pagination.offset"?: components["parameters"]["pagination-offset"];
                /**
                 * @description Records per page, 1 to 1000. Anything else is a 400 naming `pagination.limit`:
                 *     `invalid pagination.limit: must be an integer from 1 to 1000`.
                 * @example 10
                 */
                "pagination.limit"?: components["parameters"]["pagination-limit"];
                /**
                 * @description Whether `pagination.total` is computed. Defaults to true (explorers read totals without asking);
                 *     with false, `total` is `"0"` (except on `/blocks`, whose total is always the latest height).
                 * @example false
                 */
                "pagination.count_total"?: components["parameters"]["pagination-count-total"];
                /**
                 * @description Newest (or largest) first when true, the default; oldest first when false.
                 * @example true
                 */
                "pagination.reverse"?: components["parameters"]["pagination-reverse"];
            };
            header?: never;
            path: {
                /**
                 * @description Collection address, hex (any case, leading zeros optional, 0x optional) or bech32.
                 * @example 0x9bde35a82c578fe7b7fbb957a72be8c4874602d1fd4919bc88e57868298a11ff
                 */
                collection_addr: components["parameters"]["collection-addr-path"];
                /**
                 * @description Token id.
                 * @example 1
                 */
                token_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Records of this page. */
                        txs: components["schemas"]["tx-response"][];
                        pagination: components["schemas"]["pagination"];
                    };
                };
            };
            400: components["responses"]["bad-request"];
            500: components["responses"]["internal-error"];
            503: components["responses"]["service-unavailable"];
        };
    };
    listRichList: {
        parameters: {
            query?: {
                /**
                 * @description Where the page starts: the `next_key` of the previous page (base64 of
                 *     `{"account":"0x..","amount":"N"}`), base64 of `{"amount":"N"}` (holders below balance N, above it
                 *     with `pagination.reverse=false`), or base64 of a decimal offset (e.g. `MTAw` = 100, the
                 *     explorer's page numbers). A key replaces
                 *     `pagination.offset`; an empty value means no key. Any other key is a 400 naming `pagination.key`
                 *     (`invalid pagination.key: ...; pass the next_key of a previous page, or no key for the first
                 *     page`): one not base64, neither JSON nor a decimal, or a JSON cursor with fields the rich list does not
                 *     issue or without the ones it needs.
                 */
                "pagination.key"?: components["parameters"]["pagination-key-rich-list"];
                /**
                 * @description Records to skip when no `pagination.key` is given. Anything but a nonnegative integer is a 400
                 *     naming `pagination.offset`: `invalid pagination.offset: must be a nonnegative integer`.
                 * @example 0
                 */
                "pagination.offset"?: components["parameters"]["pagination-offset"];
                /**
                 * @description Records per page, 1 to 1000. Anything else is a 400 naming `pagination.limit`:
                 *     `invalid pagination.limit: must be an integer from 1 to 1000`.
                 * @example 10
                 */
                "pagination.limit"?: components["parameters"]["pagination-limit"];
                /**
                 * @description Whether `pagination.total` is computed. Defaults to true (explorers read totals without asking);
                 *     with false, `total` is `"0"` (except on `/blocks`, whose total is always the latest height).
                 * @example false
                 */
                "pagination.count_total"?: components["parameters"]["pagination-count-total"];
                /**
                 * @description Newest (or largest) first when true, the default; oldest first when false.
                 * @example true
                 */
                "pagination.reverse"?: components["parameters"]["pagination-reverse"];
            };
            header?: never;
            path: {
                /**
                 * @description Denom: on EVM chains a 0x ERC-20 address, `evm/<hex>` (`%2F` accepted) or a Cosmos denom (`uinit`, `ibc/...`), which the node maps to its ERC-20 (minievm `contracts/by_denom`, as the reference asks; cached); elsewhere a bank denom. A denom that cannot be served is a 400 naming it.
                 * @example evm%2F16623bbc30db96f7723c0e78e103702556b41199
                 */
                denom: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Records of this page. */
                        holders: components["schemas"]["rich-list-holder"][];
                        pagination: components["schemas"]["pagination"];
                    };
                };
            };
            400: components["responses"]["bad-request"];
            500: components["responses"]["internal-error"];
            503: components["responses"]["service-unavailable"];
        };
    };
    getChains: {
        parameters: {
            query?: {
                /**
                 * @description Only these chains (default: every chain). Accepted repeated (`chain_ids=a&chain_ids=b`, as the Skip
                 *     client sends), comma-separated (`chain_ids=a,b`, as initia.js sends) or single. An unknown chain id is a 400.
                 * @example [
                 *       "initiation-2"
                 *     ]
                 */
                chain_ids?: components["parameters"]["chain-ids"];
                /**
                 * @description Include EVM chains (chain_type evm). Default true: Weft's registry holds few chains and clients filter by `chain_type`.
                 * @example true
                 */
                include_evm?: components["parameters"]["include-evm"];
                /**
                 * @description Include SVM chains. Weft has none; accepted for compatibility.
                 * @example true
                 */
                include_svm?: components["parameters"]["include-svm"];
                /**
                 * @description Only chains marked `is_testnet` (true) or only mainnets (false). Default: both.
                 * @example true
                 */
                only_testnets?: components["parameters"]["only-testnets"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The chains. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Chains, in registry order. */
                        chains: components["schemas"]["chain"][];
                    };
                };
            };
            /** @description A `chain_ids` entry is not in the registry. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error"];
                };
            };
            500: components["responses"]["internal-error"];
            503: components["responses"]["router-unavailable"];
        };
    };
    getAssets: {
        parameters: {
            query?: {
                /**
                 * @description Only these chains (default: every chain). Accepted repeated (`chain_ids=a&chain_ids=b`, as the Skip
                 *     client sends), comma-separated (`chain_ids=a,b`, as initia.js sends) or single. An unknown chain id is a 400.
                 * @example [
                 *       "initiation-2"
                 *     ]
                 */
                chain_ids?: components["parameters"]["chain-ids"];
                /**
                 * @description Only assets native to their chain (`trace` empty and not OPinit-bridged).
                 * @example true
                 */
                native_only?: components["parameters"]["native-only"];
                /**
                 * @description Include assets without symbol/decimals. Default false; every registry asset has metadata, so it changes nothing on Weft.
                 * @example true
                 */
                include_no_metadata_assets?: components["parameters"]["include-no-metadata-assets"];
                /**
                 * @description Include CosmWasm cw20 assets. Default false.
                 * @example true
                 */
                include_cw20_assets?: components["parameters"]["include-cw20-assets"];
                /**
                 * @description Include ERC-20 and native assets of EVM chains. Default true (InterwovenKit needs minievm `evm/...` tokens).
                 * @example true
                 */
                include_evm_assets?: components["parameters"]["include-evm-assets"];
                /**
                 * @description Include SVM assets. Weft has none.
                 * @example true
                 */
                include_svm_assets?: components["parameters"]["include-svm-assets"];
                /**
                 * @description Only chains marked `is_testnet` (true) or only mainnets (false). Default: both.
                 * @example true
                 */
                only_testnets?: components["parameters"]["only-testnets"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Assets per chain. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description chain id -> its assets. */
                        chain_to_assets_map: {
                            [key: string]: {
                                /** @description Assets, in registry order. */
                                assets: components["schemas"]["asset"][];
                            };
                        };
                    };
                };
            };
            /** @description A `chain_ids` entry is not in the registry. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error"];
                };
            };
            500: components["responses"]["internal-error"];
            503: components["responses"]["router-unavailable"];
        };
    };
    getBalances: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["balances-request"];
            };
        };
        responses: {
            /** @description The balances; failed reads carry `error` next to the rest. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["balances-response"];
                };
            };
            /** @description The body is malformed, a chain is not in the registry, or an address is not one of that chain's. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error"];
                };
            };
            413: components["responses"]["payload-too-large"];
            415: components["responses"]["unsupported-media-type"];
            500: components["responses"]["internal-error"];
            503: components["responses"]["router-unavailable"];
        };
    };
    getBridges: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The bridges, in the order above. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The bridges. */
                        bridges: components["schemas"]["bridge"][];
                    };
                };
            };
            500: components["responses"]["internal-error"];
            503: components["responses"]["router-unavailable"];
        };
    };
    getAssetsBetweenChains: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["assets-between-chains-request"];
            };
        };
        responses: {
            /** @description The transferable pairs, in registry order of the source assets, then of the destination assets. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The pairs. */
                        assets_between_chains: components["schemas"]["asset-between-chains"][];
                    };
                };
            };
            /** @description The body is malformed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error"];
                };
            };
            /** @description A chain is not in the registry (Skip's 404 and message, with where to look). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error"];
                };
            };
            413: components["responses"]["payload-too-large"];
            415: components["responses"]["unsupported-media-type"];
            500: components["responses"]["internal-error"];
            503: components["responses"]["router-unavailable"];
        };
    };
    getIbcOriginAssets: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ibc-origin-assets-request"];
            };
        };
        responses: {
            /** @description One entry per requested asset, in order. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The origins. */
                        origin_assets: components["schemas"]["optional-asset"][];
                    };
                };
            };
            /** @description The body is malformed (Skip answers "Must supply denom and chain_id"). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error"];
                };
            };
            413: components["responses"]["payload-too-large"];
            415: components["responses"]["unsupported-media-type"];
            500: components["responses"]["internal-error"];
            503: components["responses"]["router-unavailable"];
        };
    };
    getAssetsFromSource: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["assets-from-source-request"];
            };
        };
        responses: {
            /** @description Reachable assets by chain id (chains with none are absent). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description chain id -> the reachable assets on it, in registry order. */
                        dest_assets: {
                            [key: string]: {
                                /** @description The assets. */
                                assets: components["schemas"]["asset"][];
                            };
                        };
                    };
                };
            };
            /** @description The source asset is not in the registry, or the body is malformed. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error"];
                };
            };
            413: components["responses"]["payload-too-large"];
            415: components["responses"]["unsupported-media-type"];
            500: components["responses"]["internal-error"];
            503: components["responses"]["router-unavailable"];
        };
    };
    getRoute: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["route-request"];
            };
        };
        responses: {
            /** @description The route. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["route"];
                };
            };
            /** @description The request is malformed (missing asset field, both or neither amount, non-integer amount, unknown chain or denom). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error"];
                };
            };
            /** @description No route connects the two assets. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error"];
                };
            };
            413: components["responses"]["payload-too-large"];
            415: components["responses"]["unsupported-media-type"];
            500: components["responses"]["internal-error"];
            503: components["responses"]["router-unavailable"];
        };
    };
    getOpHook: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["op-hook-request"];
            };
        };
        responses: {
            /** @description The hook messages. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["op-hook-response"];
                };
            };
            /** @description The request is malformed, or this route needs no hook. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error"];
                };
            };
            /** @description No route connects the two assets. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error"];
                };
            };
            413: components["responses"]["payload-too-large"];
            415: components["responses"]["unsupported-media-type"];
            500: components["responses"]["internal-error"];
            503: components["responses"]["router-unavailable"];
        };
    };
    getMsgs: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["msgs-request"];
            };
        };
        responses: {
            /** @description The txs. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["msgs-response"];
                };
            };
            /** @description The request is malformed, an address does not belong to its chain, the operations do not form a route, or the signed hook is missing. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error"];
                };
            };
            413: components["responses"]["payload-too-large"];
            415: components["responses"]["unsupported-media-type"];
            500: components["responses"]["internal-error"];
            503: components["responses"]["router-unavailable"];
        };
    };
    getNftMsgs: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["nft-request"];
            };
        };
        responses: {
            /** @description The messages. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["nft-response"];
                };
            };
            /** @description A field is missing or is not what its chain takes. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error"];
                };
            };
            /** @description No ICS-721 path joins the two chains. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error"];
                };
            };
            413: components["responses"]["payload-too-large"];
            415: components["responses"]["unsupported-media-type"];
            500: components["responses"]["internal-error"];
            503: components["responses"]["router-unavailable"];
        };
    };
    getMsgsDirect: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["msgs-direct-request"];
            };
        };
        responses: {
            /** @description The route and its txs. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["msgs-direct-response"];
                };
            };
            /** @description The request is malformed (as for `/v2/fungible/route`), an address is missing or does not belong to its chain, or the route needs a signed op hook. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error"];
                };
            };
            /** @description No route connects the two assets (the 404 of `/v2/fungible/route`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error"];
                };
            };
            413: components["responses"]["payload-too-large"];
            415: components["responses"]["unsupported-media-type"];
            500: components["responses"]["internal-error"];
            503: components["responses"]["router-unavailable"];
        };
    };
    getVenues: {
        parameters: {
            query?: {
                /**
                 * @description Only chains marked `is_testnet` (true) or only mainnets (false). Default: both.
                 * @example true
                 */
                only_testnets?: components["parameters"]["only-testnets"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The venues, in registry order of their chains. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The venues. */
                        venues: components["schemas"]["swap-venue"][];
                    };
                };
            };
            /** @description `only_testnets` is not `true` or `false`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error"];
                };
            };
            500: components["responses"]["internal-error"];
            503: components["responses"]["router-unavailable"];
        };
    };
    getAssetRecommendations: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["recommend-assets-request"];
            };
        };
        responses: {
            /** @description One entry per request, in order. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The entries, in the order of `requests`. */
                        recommendation_entries: components["schemas"]["recommendation-entry"][];
                    };
                };
            };
            /** @description The body is malformed, or a request names a chain or source asset the registry lacks. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error"];
                };
            };
            /** @description No request has a recommendation. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error"];
                };
            };
            413: components["responses"]["payload-too-large"];
            415: components["responses"]["unsupported-media-type"];
            500: components["responses"]["internal-error"];
            503: components["responses"]["router-unavailable"];
        };
    };
    trackTx: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["track-request"];
            };
        };
        responses: {
            /** @description The tx is tracked. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["track-response"];
                };
            };
            /** @description The hash is not 64 hex digits. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error"];
                };
            };
            /** @description The chain is not in the registry, or it has no RPC endpoint to track on. `details` names `body.chain_id`, so a client knows retrying cannot help (Skip answers 404 with the same message while a tx is not yet seen). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error"];
                };
            };
            413: components["responses"]["payload-too-large"];
            415: components["responses"]["unsupported-media-type"];
            500: components["responses"]["internal-error"];
            503: components["responses"]["router-unavailable"];
        };
    };
    getTxStatus: {
        parameters: {
            query: {
                /**
                 * @description Hash of the tracked tx, as given to `/v2/tx/track` (64 hex digits, `0x` optional, any case).
                 * @example 5B0D2A9DEC6C1A8B3A3E4E0F4FA4B9F8C1B2E7D8A2C3F4E5D6B7A8C9D0E1F2A3
                 */
                tx_hash: components["parameters"]["status-tx-hash"];
                /**
                 * @description Chain the tx was broadcast on.
                 * @example initiation-2
                 */
                chain_id: components["parameters"]["status-chain-id"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The transfer's status. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["tx-status"];
                };
            };
            /** @description The hash is not 64 hex digits, or chain_id is missing. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error"];
                };
            };
            /** @description The tx is not tracked. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error"];
                };
            };
            500: components["responses"]["internal-error"];
            503: components["responses"]["router-unavailable"];
        };
    };
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The process is alive. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Always `ok`.
                         * @constant
                         */
                        status: "ok";
                    };
                };
            };
            500: components["responses"]["internal-error"];
        };
    };
    getReady: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Ready to serve. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["readiness"];
                };
            };
            500: components["responses"]["internal-error"];
            /** @description Not ready; `message` says which check failed. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error"];
                };
            };
        };
    };
    getMetrics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Metrics in the Prometheus text format 0.0.4. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            500: components["responses"]["internal-error"];
        };
    };
    getSwaggerDoc: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The OpenAPI document. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description OpenAPI version of the document. */
                        openapi: string;
                        /** @description Title and version. */
                        info: Record<string, never>;
                        /** @description Every operation. */
                        paths: Record<string, never>;
                    };
                };
            };
            500: components["responses"]["internal-error"];
        };
    };
}
