-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateTable
CREATE TABLE "ingest_checkpoint" (
    "chain_id" TEXT NOT NULL,
    "height" BIGINT NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ingest_checkpoint_pkey" PRIMARY KEY ("chain_id")
);

