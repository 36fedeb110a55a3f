/** A failed message: the tx is included with this code and its state changes are undone. */
export class TxFailure extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly codespace = "sdk",
  ) {
    super(message);
  }
}
