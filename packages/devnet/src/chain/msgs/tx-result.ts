/** The parts of a delivered tx's result that every seeded tx builder shares. */
import type { AbciEvent } from "../../payloads.js";

/** The `tx` events every delivered tx carries: its fee and payer, then the signer's acc_seq. */
export function feeTxEvents(fee: string, payer: string, sequence: bigint | number): AbciEvent[] {
  return [
    {
      type: "tx",
      attributes: [
        { key: "fee", value: fee, index: true },
        { key: "fee_payer", value: payer, index: true },
      ],
    },
    { type: "tx", attributes: [{ key: "acc_seq", value: `${payer}/${sequence}`, index: true }] },
  ];
}

/** TxMsgData{msg_responses: [Any{type_url}]}: what a node reports as a successful tx's data. */
export function msgResponseData(typeUrl: string): string {
  const any = Buffer.concat([Buffer.from([0x0a, typeUrl.length]), Buffer.from(typeUrl)]);
  return Buffer.concat([Buffer.from([0x12, any.length]), any]).toString("base64");
}
