-- CreateTable
CREATE TABLE "router_transfer" (
    "id" BIGSERIAL NOT NULL,
    "chain_id" TEXT NOT NULL,
    "tx_hash" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "state" TEXT NOT NULL,
    "done" BOOLEAN NOT NULL DEFAULT false,
    "progress" JSONB NOT NULL,
    "progressed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "next_check_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "claimed_by" TEXT,
    "claimed_until" TIMESTAMPTZ(3),
    "checks" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "router_transfer_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "router_transfer_done_next_check_at_idx" ON "router_transfer"("done", "next_check_at");

-- CreateIndex
CREATE UNIQUE INDEX "router_transfer_chain_id_tx_hash_key" ON "router_transfer"("chain_id", "tx_hash");

