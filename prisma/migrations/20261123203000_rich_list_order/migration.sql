-- The rich list orders by (amount DESC, account DESC): an index in exactly that order lets a page
-- read offset + limit entries instead of sorting every holder of the denom (top-N heapsort).
-- DropIndex
DROP INDEX "rich_list_balance_denom_amount_account_idx";

-- CreateIndex
CREATE INDEX "rich_list_balance_denom_amount_account_idx" ON "rich_list_balance"("denom", "amount" DESC, "account" DESC);
