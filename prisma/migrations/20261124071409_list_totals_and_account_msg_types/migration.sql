-- Filters and totals served by an index whatever the list's length: account x message-type edges
-- (by_account with msgs), (account, signer, sequence) indexes (is_signer=true), and list totals kept
-- by the writer (account and type lists, rich-list holders). The backfill below derives both new
-- tables from the rows already stored, so a database indexed before this migration serves the same
-- pages and totals as one indexed after it.
-- CreateTable
CREATE TABLE "tx_account_msg_type" (
    "account" BYTEA NOT NULL,
    "msg_type" TEXT NOT NULL,
    "signer" BOOLEAN NOT NULL,
    "sequence" BIGINT NOT NULL,

    CONSTRAINT "tx_account_msg_type_pkey" PRIMARY KEY ("account","msg_type","signer","sequence")
);

-- CreateTable
CREATE TABLE "list_total" (
    "list" TEXT NOT NULL,
    "account" BYTEA NOT NULL,
    "key" TEXT NOT NULL,
    "n" BIGINT NOT NULL,

    CONSTRAINT "list_total_pkey" PRIMARY KEY ("list","account","key")
);

-- CreateIndex
CREATE INDEX "tx_account_account_signer_sequence_idx" ON "tx_account"("account", "signer", "sequence");

-- CreateIndex
CREATE INDEX "evm_tx_account_account_signer_sequence_idx" ON "evm_tx_account"("account", "signer", "sequence");


-- Backfill from the stored rows (the writer keeps them current from here on).
INSERT INTO "tx_account_msg_type" ("account", "msg_type", "signer", "sequence")
SELECT a."account", m."msg_type", a."signer", a."sequence"
FROM "tx_account" a JOIN "tx_msg_type" m ON m."sequence" = a."sequence";

INSERT INTO "list_total" ("list", "account", "key", "n")
SELECT 'tx', "account", '', count(*) FROM "tx_account" GROUP BY "account"
UNION ALL
SELECT 'tx_signer', "account", '', count(*) FROM "tx_account" WHERE "signer" GROUP BY "account"
UNION ALL
SELECT 'tx', ''::bytea, "msg_type", count(*) FROM "tx_msg_type" GROUP BY "msg_type"
UNION ALL
SELECT 'tx', "account", "msg_type", count(*) FROM "tx_account_msg_type" GROUP BY "account", "msg_type"
UNION ALL
SELECT 'tx_signer', "account", "msg_type", count(*) FROM "tx_account_msg_type" WHERE "signer" GROUP BY "account", "msg_type"
UNION ALL
SELECT 'evm_tx', "account", '', count(*) FROM "evm_tx_account" GROUP BY "account"
UNION ALL
SELECT 'evm_tx_signer', "account", '', count(*) FROM "evm_tx_account" WHERE "signer" GROUP BY "account"
UNION ALL
SELECT 'evm_internal_tx', "account", '', count(*) FROM "evm_internal_tx_account" GROUP BY "account"
UNION ALL
SELECT 'rich_list', ''::bytea, "denom", count(*) FROM "rich_list_balance" WHERE "amount" > 0 GROUP BY "denom";

-- Statistics now, so the first pages are planned on the real sizes, not on an empty table's.
ANALYZE "tx_account_msg_type";
ANALYZE "list_total";
