-- CreateTable
CREATE TABLE "nft_collection" (
    "addr" BYTEA NOT NULL,
    "name" TEXT NOT NULL,
    "origin_name" TEXT NOT NULL DEFAULT '',
    "creator" BYTEA NOT NULL,
    "height" BIGINT NOT NULL,
    "timestamp" TIMESTAMPTZ(6) NOT NULL,
    "nft_count" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "nft_collection_pkey" PRIMARY KEY ("addr")
);

-- CreateTable
CREATE TABLE "nft_token" (
    "collection" BYTEA NOT NULL,
    "token_id" TEXT NOT NULL,
    "object_addr" BYTEA,
    "owner" BYTEA NOT NULL,
    "uri" TEXT NOT NULL DEFAULT '',
    "height" BIGINT NOT NULL,
    "timestamp" TIMESTAMPTZ(6) NOT NULL,
    "sequence" BIGINT NOT NULL,

    CONSTRAINT "nft_token_pkey" PRIMARY KEY ("collection","token_id")
);

-- CreateTable
CREATE TABLE "nft_tx" (
    "collection" BYTEA NOT NULL,
    "token_id" TEXT NOT NULL,
    "sequence" BIGINT NOT NULL,
    "height" BIGINT NOT NULL,

    CONSTRAINT "nft_tx_pkey" PRIMARY KEY ("collection","token_id","sequence")
);

-- CreateTable
CREATE TABLE "rich_list_balance" (
    "denom" TEXT NOT NULL,
    "account" BYTEA NOT NULL,
    "amount" DECIMAL(78,0) NOT NULL,

    CONSTRAINT "rich_list_balance_pkey" PRIMARY KEY ("denom","account")
);

-- CreateIndex
CREATE INDEX "nft_collection_height_idx" ON "nft_collection"("height");

-- CreateIndex
CREATE INDEX "nft_collection_creator_idx" ON "nft_collection"("creator");

-- CreateIndex
CREATE INDEX "nft_token_owner_idx" ON "nft_token"("owner");

-- CreateIndex
CREATE INDEX "nft_token_object_addr_idx" ON "nft_token"("object_addr");

-- CreateIndex
CREATE INDEX "nft_token_collection_height_idx" ON "nft_token"("collection", "height");

-- CreateIndex
CREATE INDEX "nft_tx_sequence_idx" ON "nft_tx"("sequence");

-- CreateIndex
CREATE INDEX "rich_list_balance_denom_amount_account_idx" ON "rich_list_balance"("denom", "amount" DESC, "account");

