-- NFT lists page by cursor: collections by (height, addr), a collection's tokens in order_by=height
-- by (height, token_id). Indexes in those orders make the next page one index seek with no sort of
-- the rows that share a height (a block may mint thousands of tokens).
-- DropIndex
DROP INDEX "nft_collection_height_idx";

-- DropIndex
DROP INDEX "nft_token_collection_height_idx";

-- CreateIndex
CREATE INDEX "nft_collection_height_addr_idx" ON "nft_collection"("height", "addr");

-- CreateIndex
CREATE INDEX "nft_token_collection_height_token_id_idx" ON "nft_token"("collection", "height", "token_id");

