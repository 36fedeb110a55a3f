-- Tokens by owner and collection (tokens/by_account?collection_addr=): a page and its count read
-- the owner's tokens of that collection only, in either order_by.
-- CreateIndex
CREATE INDEX "nft_token_owner_collection_token_id_height_idx" ON "nft_token"("owner", "collection", "token_id", "height");

-- CreateIndex
CREATE INDEX "nft_token_owner_collection_height_token_id_idx" ON "nft_token"("owner", "collection", "height", "token_id");

