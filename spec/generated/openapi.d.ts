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
         *     checkpoint). `version` and `commit_hash` describe the running build. 503 until the first block is
         *     indexed (the reference answers 500 there).
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
         * @description Every collection, newest first by default, offset-paged (base64 decimal keys).
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
         * @description Collections in which the account owns at least one NFT; an unknown account gives an empty page.
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
         * @description Collections whose name or origin name contains the text (case-insensitive); JSON cursor keys are ignored, offsets apply.
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
         * @description NFTs the account owns, optionally of one collection or one token id; offset keys, or `{"height":N,"token_id":"T"}` cursors.
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
         * @description NFTs of one collection; an unknown collection gives an empty page (not 404).
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
         * @description Holders by balance, largest first by default (smallest with `pagination.reverse=false`), offset-paged; `total` is counted even without `count_total`.
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
         * @description Answers 200 when the database is reachable and every committed migration has been applied, 503
         *     otherwise. Load balancers should route traffic only to ready replicas.
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
         *     that matches the HTTP status: 3 INVALID_ARGUMENT (400), 5 NOT_FOUND (404), 8 RESOURCE_EXHAUSTED (413),
         *     12 UNIMPLEMENTED (405), 2 UNKNOWN (500), 14 UNAVAILABLE (503).
         */
        error: {
            /**
             * @description gRPC status code.
             * @example 3
             */
            code: number;
            /**
             * @description What went wrong, naming the offending parameter or resource, and how to fix it.
             * @example pagination.limit must be between 1 and 1000
             */
            message: string;
            /** @description Structured detail, one entry per problem; empty when the message says it all. */
            details: components["schemas"]["error-detail"][];
        };
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
            /** @description Milliseconds since the previous block; "0" for the first indexed block. */
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
            /** @description The block proposer. `identity` is always "" (as the reference). */
            proposer: {
                /** @description Moniker when known, else "". */
                moniker: string;
                /** @description Always "". */
                identity: string;
                /** @description Proposer address (the consensus address, upper-case hex, when no operator is known). */
                operator_address: string;
            };
        };
        /**
         * @description Paging state of a list, with all three keys always present. **Decision:** `next_key` is null on
         *     the last page (the reference also emits one on a short last page, which costs clients one extra,
         *     empty request); clients that loop until `next_key` is null work the same with both. Never `""`.
         * @example {
         *       "previous_key": null,
         *       "next_key": "eyJzZXF1ZW5jZSI6MTIzNDV9",
         *       "total": "12345"
         *     }
         */
        pagination: {
            /** @description base64 offset of the previous page (offset pagination only), else null. */
            previous_key: string | null;
            /** @description The `pagination.key` of the next page; null when this page is the last. */
            next_key: string | null;
            /** @description Exact number of matching records as a decimal string; `"0"` when `count_total` is false. */
            total: string;
        };
        /** @description An ABCI event. `index` appears only when true; an empty `value` is left out (cometbft JSON). */
        event: {
            /** @description Event type. */
            type: string;
            /** @description Key/value attributes, plain text. */
            attributes: {
                /** @description Attribute key. */
                key: string;
                /** @description Attribute value. */
                value?: string;
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
             * @description Time of that block, RFC 3339 UTC.
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
             * @description Time of that block, RFC 3339 UTC.
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
    };
    parameters: {
        /**
         * @description Where the page starts: the `next_key` of the previous page, or base64 of a decimal offset
         *     (e.g. `MTAw` = 100), or base64 of a JSON cursor: `{"sequence":N}` (tx lists), `{"height":N}`
         *     (blocks), `{"height":N,"token_id":"T"}` (NFT tokens). A key replaces `pagination.offset`. An empty
         *     value means no key. Malformed keys are a 400 naming `pagination.key`.
         */
        "pagination-key": string;
        /**
         * @description Records to skip when no `pagination.key` is given. Negative values are a 400.
         * @example 0
         */
        "pagination-offset": number;
        /**
         * @description Records per page, 1 to 1000. Values outside are a 400 (`pagination.limit must be between 1 and 1000`).
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
         * @description A tx hash: 64 hex digits, with or without `0x`, in any case; anything else is a 400.
         * @example 709B55BD3DA0F5A838125BD0EE20C5BFDD7CABA173912D4281CAE816B79A201B
         */
        "tx-hash": string;
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
                        /** @description Latest height whose EVM internal txs are indexed (EVM chains). */
                        internal_tx_height?: number;
                        /** @description Latest height the rich list includes. */
                        rich_list_height?: number;
                    };
                };
            };
            500: components["responses"]["internal-error"];
            /** @description Nothing indexed yet. */
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
        };
    };
    listBlocks: {
        parameters: {
            query?: {
                /**
                 * @description Where the page starts: the `next_key` of the previous page, or base64 of a decimal offset
                 *     (e.g. `MTAw` = 100), or base64 of a JSON cursor: `{"sequence":N}` (tx lists), `{"height":N}`
                 *     (blocks), `{"height":N,"token_id":"T"}` (NFT tokens). A key replaces `pagination.offset`. An empty
                 *     value means no key. Malformed keys are a 400 naming `pagination.key`.
                 */
                "pagination.key"?: components["parameters"]["pagination-key"];
                /**
                 * @description Records to skip when no `pagination.key` is given. Negative values are a 400.
                 * @example 0
                 */
                "pagination.offset"?: components["parameters"]["pagination-offset"];
                /**
                 * @description Records per page, 1 to 1000. Values outside are a 400 (`pagination.limit must be between 1 and 1000`).
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
        };
    };
    getBlock: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Block height, a positive decimal integer.
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
        };
    };
    listTxs: {
        parameters: {
            query?: {
                /**
                 * @description Where the page starts: the `next_key` of the previous page, or base64 of a decimal offset
                 *     (e.g. `MTAw` = 100), or base64 of a JSON cursor: `{"sequence":N}` (tx lists), `{"height":N}`
                 *     (blocks), `{"height":N,"token_id":"T"}` (NFT tokens). A key replaces `pagination.offset`. An empty
                 *     value means no key. Malformed keys are a 400 naming `pagination.key`.
                 */
                "pagination.key"?: components["parameters"]["pagination-key"];
                /**
                 * @description Records to skip when no `pagination.key` is given. Negative values are a 400.
                 * @example 0
                 */
                "pagination.offset"?: components["parameters"]["pagination-offset"];
                /**
                 * @description Records per page, 1 to 1000. Values outside are a 400 (`pagination.limit must be between 1 and 1000`).
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
        };
    };
    listTxsByAccount: {
        parameters: {
            query?: {
                /**
                 * @description Where the page starts: the `next_key` of the previous page, or base64 of a decimal offset
                 *     (e.g. `MTAw` = 100), or base64 of a JSON cursor: `{"sequence":N}` (tx lists), `{"height":N}`
                 *     (blocks), `{"height":N,"token_id":"T"}` (NFT tokens). A key replaces `pagination.offset`. An empty
                 *     value means no key. Malformed keys are a 400 naming `pagination.key`.
                 */
                "pagination.key"?: components["parameters"]["pagination-key"];
                /**
                 * @description Records to skip when no `pagination.key` is given. Negative values are a 400.
                 * @example 0
                 */
                "pagination.offset"?: components["parameters"]["pagination-offset"];
                /**
                 * @description Records per page, 1 to 1000. Values outside are a 400 (`pagination.limit must be between 1 and 1000`).
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
        };
    };
    listTxsByHeight: {
        parameters: {
            query?: {
                /**
                 * @description Where the page starts: the `next_key` of the previous page, or base64 of a decimal offset
                 *     (e.g. `MTAw` = 100), or base64 of a JSON cursor: `{"sequence":N}` (tx lists), `{"height":N}`
                 *     (blocks), `{"height":N,"token_id":"T"}` (NFT tokens). A key replaces `pagination.offset`. An empty
                 *     value means no key. Malformed keys are a 400 naming `pagination.key`.
                 */
                "pagination.key"?: components["parameters"]["pagination-key"];
                /**
                 * @description Records to skip when no `pagination.key` is given. Negative values are a 400.
                 * @example 0
                 */
                "pagination.offset"?: components["parameters"]["pagination-offset"];
                /**
                 * @description Records per page, 1 to 1000. Values outside are a 400 (`pagination.limit must be between 1 and 1000`).
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
                 * @description Block height, a positive integer.
                 * @example 100
                 */
                height: number;
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
        };
    };
    listEvmTxs: {
        parameters: {
            query?: {
                /**
                 * @description Where the page starts: the `next_key` of the previous page, or base64 of a decimal offset
                 *     (e.g. `MTAw` = 100), or base64 of a JSON cursor: `{"sequence":N}` (tx lists), `{"height":N}`
                 *     (blocks), `{"height":N,"token_id":"T"}` (NFT tokens). A key replaces `pagination.offset`. An empty
                 *     value means no key. Malformed keys are a 400 naming `pagination.key`.
                 */
                "pagination.key"?: components["parameters"]["pagination-key"];
                /**
                 * @description Records to skip when no `pagination.key` is given. Negative values are a 400.
                 * @example 0
                 */
                "pagination.offset"?: components["parameters"]["pagination-offset"];
                /**
                 * @description Records per page, 1 to 1000. Values outside are a 400 (`pagination.limit must be between 1 and 1000`).
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
                 * @description Where the page starts: the `next_key` of the previous page, or base64 of a decimal offset
                 *     (e.g. `MTAw` = 100), or base64 of a JSON cursor: `{"sequence":N}` (tx lists), `{"height":N}`
                 *     (blocks), `{"height":N,"token_id":"T"}` (NFT tokens). A key replaces `pagination.offset`. An empty
                 *     value means no key. Malformed keys are a 400 naming `pagination.key`.
                 */
                "pagination.key"?: components["parameters"]["pagination-key"];
                /**
                 * @description Records to skip when no `pagination.key` is given. Negative values are a 400.
                 * @example 0
                 */
                "pagination.offset"?: components["parameters"]["pagination-offset"];
                /**
                 * @description Records per page, 1 to 1000. Values outside are a 400 (`pagination.limit must be between 1 and 1000`).
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
        };
    };
    listEvmTxsByHeight: {
        parameters: {
            query?: {
                /**
                 * @description Where the page starts: the `next_key` of the previous page, or base64 of a decimal offset
                 *     (e.g. `MTAw` = 100), or base64 of a JSON cursor: `{"sequence":N}` (tx lists), `{"height":N}`
                 *     (blocks), `{"height":N,"token_id":"T"}` (NFT tokens). A key replaces `pagination.offset`. An empty
                 *     value means no key. Malformed keys are a 400 naming `pagination.key`.
                 */
                "pagination.key"?: components["parameters"]["pagination-key"];
                /**
                 * @description Records to skip when no `pagination.key` is given. Negative values are a 400.
                 * @example 0
                 */
                "pagination.offset"?: components["parameters"]["pagination-offset"];
                /**
                 * @description Records per page, 1 to 1000. Values outside are a 400 (`pagination.limit must be between 1 and 1000`).
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
                 * @description Block height, a positive integer.
                 * @example 100
                 */
                height: number;
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
        };
    };
    listEvmInternalTxs: {
        parameters: {
            query?: {
                /**
                 * @description Where the page starts: the `next_key` of the previous page, or base64 of a decimal offset
                 *     (e.g. `MTAw` = 100), or base64 of a JSON cursor: `{"sequence":N}` (tx lists), `{"height":N}`
                 *     (blocks), `{"height":N,"token_id":"T"}` (NFT tokens). A key replaces `pagination.offset`. An empty
                 *     value means no key. Malformed keys are a 400 naming `pagination.key`.
                 */
                "pagination.key"?: components["parameters"]["pagination-key"];
                /**
                 * @description Records to skip when no `pagination.key` is given. Negative values are a 400.
                 * @example 0
                 */
                "pagination.offset"?: components["parameters"]["pagination-offset"];
                /**
                 * @description Records per page, 1 to 1000. Values outside are a 400 (`pagination.limit must be between 1 and 1000`).
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
        };
    };
    listEvmInternalTxsByAccount: {
        parameters: {
            query?: {
                /**
                 * @description Where the page starts: the `next_key` of the previous page, or base64 of a decimal offset
                 *     (e.g. `MTAw` = 100), or base64 of a JSON cursor: `{"sequence":N}` (tx lists), `{"height":N}`
                 *     (blocks), `{"height":N,"token_id":"T"}` (NFT tokens). A key replaces `pagination.offset`. An empty
                 *     value means no key. Malformed keys are a 400 naming `pagination.key`.
                 */
                "pagination.key"?: components["parameters"]["pagination-key"];
                /**
                 * @description Records to skip when no `pagination.key` is given. Negative values are a 400.
                 * @example 0
                 */
                "pagination.offset"?: components["parameters"]["pagination-offset"];
                /**
                 * @description Records per page, 1 to 1000. Values outside are a 400 (`pagination.limit must be between 1 and 1000`).
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
        };
    };
    listEvmInternalTxsByHeight: {
        parameters: {
            query?: {
                /**
                 * @description Where the page starts: the `next_key` of the previous page, or base64 of a decimal offset
                 *     (e.g. `MTAw` = 100), or base64 of a JSON cursor: `{"sequence":N}` (tx lists), `{"height":N}`
                 *     (blocks), `{"height":N,"token_id":"T"}` (NFT tokens). A key replaces `pagination.offset`. An empty
                 *     value means no key. Malformed keys are a 400 naming `pagination.key`.
                 */
                "pagination.key"?: components["parameters"]["pagination-key"];
                /**
                 * @description Records to skip when no `pagination.key` is given. Negative values are a 400.
                 * @example 0
                 */
                "pagination.offset"?: components["parameters"]["pagination-offset"];
                /**
                 * @description Records per page, 1 to 1000. Values outside are a 400 (`pagination.limit must be between 1 and 1000`).
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
                 * @description Block height, a positive integer.
                 * @example 100
                 */
                height: number;
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
        };
    };
    listEvmInternalTxsByHash: {
        parameters: {
            query?: {
                /**
                 * @description Where the page starts: the `next_key` of the previous page, or base64 of a decimal offset
                 *     (e.g. `MTAw` = 100), or base64 of a JSON cursor: `{"sequence":N}` (tx lists), `{"height":N}`
                 *     (blocks), `{"height":N,"token_id":"T"}` (NFT tokens). A key replaces `pagination.offset`. An empty
                 *     value means no key. Malformed keys are a 400 naming `pagination.key`.
                 */
                "pagination.key"?: components["parameters"]["pagination-key"];
                /**
                 * @description Records to skip when no `pagination.key` is given. Negative values are a 400.
                 * @example 0
                 */
                "pagination.offset"?: components["parameters"]["pagination-offset"];
                /**
                 * @description Records per page, 1 to 1000. Values outside are a 400 (`pagination.limit must be between 1 and 1000`).
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
        };
    };
    listNftCollections: {
        parameters: {
            query?: {
                /**
                 * @description Where the page starts: the `next_key` of the previous page, or base64 of a decimal offset
                 *     (e.g. `MTAw` = 100), or base64 of a JSON cursor: `{"sequence":N}` (tx lists), `{"height":N}`
                 *     (blocks), `{"height":N,"token_id":"T"}` (NFT tokens). A key replaces `pagination.offset`. An empty
                 *     value means no key. Malformed keys are a 400 naming `pagination.key`.
                 */
                "pagination.key"?: components["parameters"]["pagination-key"];
                /**
                 * @description Records to skip when no `pagination.key` is given. Negative values are a 400.
                 * @example 0
                 */
                "pagination.offset"?: components["parameters"]["pagination-offset"];
                /**
                 * @description Records per page, 1 to 1000. Values outside are a 400 (`pagination.limit must be between 1 and 1000`).
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
        };
    };
    listNftCollectionsByAccount: {
        parameters: {
            query?: {
                /**
                 * @description Where the page starts: the `next_key` of the previous page, or base64 of a decimal offset
                 *     (e.g. `MTAw` = 100), or base64 of a JSON cursor: `{"sequence":N}` (tx lists), `{"height":N}`
                 *     (blocks), `{"height":N,"token_id":"T"}` (NFT tokens). A key replaces `pagination.offset`. An empty
                 *     value means no key. Malformed keys are a 400 naming `pagination.key`.
                 */
                "pagination.key"?: components["parameters"]["pagination-key"];
                /**
                 * @description Records to skip when no `pagination.key` is given. Negative values are a 400.
                 * @example 0
                 */
                "pagination.offset"?: components["parameters"]["pagination-offset"];
                /**
                 * @description Records per page, 1 to 1000. Values outside are a 400 (`pagination.limit must be between 1 and 1000`).
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
        };
    };
    listNftCollectionsByName: {
        parameters: {
            query?: {
                /**
                 * @description Where the page starts: the `next_key` of the previous page, or base64 of a decimal offset
                 *     (e.g. `MTAw` = 100), or base64 of a JSON cursor: `{"sequence":N}` (tx lists), `{"height":N}`
                 *     (blocks), `{"height":N,"token_id":"T"}` (NFT tokens). A key replaces `pagination.offset`. An empty
                 *     value means no key. Malformed keys are a 400 naming `pagination.key`.
                 */
                "pagination.key"?: components["parameters"]["pagination-key"];
                /**
                 * @description Records to skip when no `pagination.key` is given. Negative values are a 400.
                 * @example 0
                 */
                "pagination.offset"?: components["parameters"]["pagination-offset"];
                /**
                 * @description Records per page, 1 to 1000. Values outside are a 400 (`pagination.limit must be between 1 and 1000`).
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
                 * @description Where the page starts: the `next_key` of the previous page, or base64 of a decimal offset
                 *     (e.g. `MTAw` = 100), or base64 of a JSON cursor: `{"sequence":N}` (tx lists), `{"height":N}`
                 *     (blocks), `{"height":N,"token_id":"T"}` (NFT tokens). A key replaces `pagination.offset`. An empty
                 *     value means no key. Malformed keys are a 400 naming `pagination.key`.
                 */
                "pagination.key"?: components["parameters"]["pagination-key"];
                /**
                 * @description Records to skip when no `pagination.key` is given. Negative values are a 400.
                 * @example 0
                 */
                "pagination.offset"?: components["parameters"]["pagination-offset"];
                /**
                 * @description Records per page, 1 to 1000. Values outside are a 400 (`pagination.limit must be between 1 and 1000`).
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
                 * @description Where the page starts: the `next_key` of the previous page, or base64 of a decimal offset
                 *     (e.g. `MTAw` = 100), or base64 of a JSON cursor: `{"sequence":N}` (tx lists), `{"height":N}`
                 *     (blocks), `{"height":N,"token_id":"T"}` (NFT tokens). A key replaces `pagination.offset`. An empty
                 *     value means no key. Malformed keys are a 400 naming `pagination.key`.
                 */
                "pagination.key"?: components["parameters"]["pagination-key"];
                /**
                 * @description Records to skip when no `pagination.key` is given. Negative values are a 400.
                 * @example 0
                 */
                "pagination.offset"?: components["parameters"]["pagination-offset"];
                /**
                 * @description Records per page, 1 to 1000. Values outside are a 400 (`pagination.limit must be between 1 and 1000`).
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
        };
    };
    listNftTxs: {
        parameters: {
            query?: {
                /**
                 * @description Where the page starts: the `next_key` of the previous page, or base64 of a decimal offset
                 *     (e.g. `MTAw` = 100), or base64 of a JSON cursor: `{"sequence":N}` (tx lists), `{"height":N}`
                 *     (blocks), `{"height":N,"token_id":"T"}` (NFT tokens). A key replaces `pagination.offset`. An empty
                 *     value means no key. Malformed keys are a 400 naming `pagination.key`.
                 */
                "pagination.key"?: components["parameters"]["pagination-key"];
                /**
                 * @description Records to skip when no `pagination.key` is given. Negative values are a 400.
                 * @example 0
                 */
                "pagination.offset"?: components["parameters"]["pagination-offset"];
                /**
                 * @description Records per page, 1 to 1000. Values outside are a 400 (`pagination.limit must be between 1 and 1000`).
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
        };
    };
    listRichList: {
        parameters: {
            query?: {
                /**
                 * @description Where the page starts: the `next_key` of the previous page, or base64 of a decimal offset
                 *     (e.g. `MTAw` = 100), or base64 of a JSON cursor: `{"sequence":N}` (tx lists), `{"height":N}`
                 *     (blocks), `{"height":N,"token_id":"T"}` (NFT tokens). A key replaces `pagination.offset`. An empty
                 *     value means no key. Malformed keys are a 400 naming `pagination.key`.
                 */
                "pagination.key"?: components["parameters"]["pagination-key"];
                /**
                 * @description Records to skip when no `pagination.key` is given. Negative values are a 400.
                 * @example 0
                 */
                "pagination.offset"?: components["parameters"]["pagination-offset"];
                /**
                 * @description Records per page, 1 to 1000. Values outside are a 400 (`pagination.limit must be between 1 and 1000`).
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
                 * @description Denom: on EVM chains a 0x ERC-20 address, `evm/<hex>` (`%2F` accepted) or a denom mapped to its ERC-20; elsewhere a bank denom. A denom that cannot be served is a 400 naming it.
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
