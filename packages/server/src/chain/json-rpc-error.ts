/**
 * An error a node answered over JSON-RPC (CometBFT RPC, EVM JSON-RPC), naming the method. Thrown
 * as a value ingestion retries from its checkpoint, and classifies (ingest/ingest-failure.ts).
 */
export class JsonRpcError extends Error {
  constructor(
    readonly method: string,
    readonly code: number,
    message: string,
  ) {
    super(`JSON-RPC ${method}: ${code} ${message}`);
    this.name = "JsonRpcError";
  }
}
