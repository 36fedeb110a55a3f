-- AlterTable
ALTER TABLE "ingest_checkpoint" ADD COLUMN     "tx_sequence" BIGINT NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "block" (
    "height" BIGINT NOT NULL,
    "hash" BYTEA NOT NULL,
    "timestamp" TIMESTAMPTZ(6) NOT NULL,
    "block_time" BIGINT NOT NULL,
    "proposer" BYTEA NOT NULL,
    "gas_used" BIGINT NOT NULL,
    "gas_wanted" BIGINT NOT NULL,
    "tx_count" INTEGER NOT NULL,
    "total_fee" JSONB NOT NULL,

    CONSTRAINT "block_pkey" PRIMARY KEY ("height")
);

-- CreateTable
CREATE TABLE "tx" (
    "sequence" BIGINT NOT NULL,
    "hash" BYTEA NOT NULL,
    "height" BIGINT NOT NULL,
    "data" TEXT NOT NULL,

    CONSTRAINT "tx_pkey" PRIMARY KEY ("sequence")
);

-- CreateTable
CREATE TABLE "tx_account" (
    "account" BYTEA NOT NULL,
    "sequence" BIGINT NOT NULL,
    "signer" BOOLEAN NOT NULL,

    CONSTRAINT "tx_account_pkey" PRIMARY KEY ("account","sequence")
);

-- CreateTable
CREATE TABLE "tx_msg_type" (
    "msg_type" TEXT NOT NULL,
    "sequence" BIGINT NOT NULL,

    CONSTRAINT "tx_msg_type_pkey" PRIMARY KEY ("msg_type","sequence")
);

-- CreateIndex
CREATE INDEX "block_timestamp_idx" ON "block"("timestamp");

-- CreateIndex
CREATE UNIQUE INDEX "tx_hash_key" ON "tx"("hash");

-- CreateIndex
CREATE INDEX "tx_height_sequence_idx" ON "tx"("height", "sequence");

-- CreateIndex
CREATE INDEX "tx_account_sequence_idx" ON "tx_account"("sequence");

-- CreateIndex
CREATE INDEX "tx_msg_type_sequence_idx" ON "tx_msg_type"("sequence");

