-- AlterTable
ALTER TABLE "ingest_checkpoint" ADD COLUMN     "evm_internal_tx_sequence" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "evm_tx_sequence" BIGINT NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "evm_tx" (
    "sequence" BIGINT NOT NULL,
    "hash" BYTEA NOT NULL,
    "height" BIGINT NOT NULL,
    "data" TEXT NOT NULL,

    CONSTRAINT "evm_tx_pkey" PRIMARY KEY ("sequence")
);

-- CreateTable
CREATE TABLE "evm_tx_account" (
    "account" BYTEA NOT NULL,
    "sequence" BIGINT NOT NULL,
    "signer" BOOLEAN NOT NULL,

    CONSTRAINT "evm_tx_account_pkey" PRIMARY KEY ("account","sequence")
);

-- CreateTable
CREATE TABLE "evm_internal_tx" (
    "sequence" BIGINT NOT NULL,
    "height" BIGINT NOT NULL,
    "hash" BYTEA NOT NULL,
    "index" INTEGER NOT NULL,
    "parent_index" INTEGER NOT NULL,
    "data" TEXT NOT NULL,

    CONSTRAINT "evm_internal_tx_pkey" PRIMARY KEY ("sequence")
);

-- CreateTable
CREATE TABLE "evm_internal_tx_account" (
    "account" BYTEA NOT NULL,
    "sequence" BIGINT NOT NULL,

    CONSTRAINT "evm_internal_tx_account_pkey" PRIMARY KEY ("account","sequence")
);

-- CreateIndex
CREATE UNIQUE INDEX "evm_tx_hash_key" ON "evm_tx"("hash");

-- CreateIndex
CREATE INDEX "evm_tx_height_sequence_idx" ON "evm_tx"("height", "sequence");

-- CreateIndex
CREATE INDEX "evm_tx_account_sequence_idx" ON "evm_tx_account"("sequence");

-- CreateIndex
CREATE INDEX "evm_internal_tx_height_sequence_idx" ON "evm_internal_tx"("height", "sequence");

-- CreateIndex
CREATE INDEX "evm_internal_tx_hash_sequence_idx" ON "evm_internal_tx"("hash", "sequence");

-- CreateIndex
CREATE UNIQUE INDEX "evm_internal_tx_hash_index_key" ON "evm_internal_tx"("hash", "index");

-- CreateIndex
CREATE INDEX "evm_internal_tx_account_sequence_idx" ON "evm_internal_tx_account"("sequence");

