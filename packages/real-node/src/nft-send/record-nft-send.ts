/**
 * The router-built NFT send written into the scenario's ledger, from the node's answers, so the
 * checks that run after it (txs by account, `msgs=` lists that must equal the ledger exactly, token
 * owners and token txs, EVM receipts) hold Weft to the chain as it now stands, this tx included.
 */
import type { Ledger, LedgerTx } from "../checks/ledger.js";
import { recordCosmosTx } from "../minievm/tx-records.js";
import type { RealNode } from "../node/start-node.js";
import type { RouterNftSend } from "./send-nft-by-router.js";

/**
 * Appends the committed tx to `ledger.txs` and moves the token to its recipient (its owner, its txs).
 * @param recipients accounts the tx names besides the signer, as the scenario records its own sends
 * @throws when the tx failed on the node or the ledger does not hold the token
 */
export async function recordNftSend(
  node: RealNode,
  ledger: Ledger,
  sent: RouterNftSend,
  recipients: string[],
): Promise<LedgerTx> {
  const { token, request } = sent;
  const held = ledger.nftCollections
    .find((c) => c.address === token.collection_addr)
    ?.tokens.find((t) => t.id === token.nft.token_id);
  if (!held) throw new Error(`the ledger holds no token ${token.nft.token_id} of ${token.collection_addr}`);
  const tx = await recordCosmosTx(node, sent.tx.hash, {
    label: `router POST /nft #${token.nft.token_id} ${request.from_address} -> ${request.to_address}`,
    signer: request.from_address,
    recipients,
  });
  ledger.txs.push(tx);
  held.owner = request.to_address;
  held.txHashes.push(tx.hash);
  return tx;
}
