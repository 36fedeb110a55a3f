/**
 * One tx of a block's Cosmos SDK stream: a MsgSend (bank-send.ts) or, one time in five, a
 * MsgDelegate (staking-delegate.ts), between the chain's accounts, one in about twelve failing for
 * insufficient funds. Every value is drawn from the block's stream `rand` in a fixed order (sender,
 * recipient, amount, kind, failure, fee, gas used), so the chain stays byte-identical per seed.
 */

import type { RestTx, TxResult } from "../../payloads.js";
import type { ChainSetup } from "../chain-setup.js";
import { freshBankRecipient } from "../density.js";
import type { TxTruth } from "../tx-truth.js";
import { bankSend } from "./bank-send.js";
import { seededTx } from "./seeded-tx.js";
import { stakingDelegate } from "./staking-delegate.js";

export interface BuiltTx {
  raw: string;
  rest: RestTx;
  result: TxResult;
  truth: TxTruth;
}

export function sdkTx(setup: ChainSetup, rand: () => number, height: number, index: number): BuiltTx {
  const { seed, prefix, accounts } = setup;
  const from = Math.floor(rand() * accounts.length);
  const to = (from + 1 + Math.floor(rand() * (accounts.length - 1))) % accounts.length;
  const sender = accounts[from] ?? "";
  const recipient =
    freshBankRecipient({ ...setup.density, seed, height, index, prefix }) ?? accounts[to] ?? "";
  const amount = String(1 + Math.floor(rand() * 1_000_000));
  const delegate = rand() < 0.2;
  const failed = rand() < 0.08;
  const msg = delegate
    ? stakingDelegate({ delegator: sender, validator: setup.proposerValoper, amount })
    : bankSend({ sender, recipient, amount, vm: setup.vm, token: setup.contracts.token });
  const sequence = BigInt(height * 16 + index);
  const fee = String(1_000 + Math.floor(rand() * 4_000));
  const tx = seededTx({
    typeUrl: msg.typeUrl,
    value: msg.value,
    json: msg.json,
    key: setup.keys[from] ?? Buffer.alloc(0),
    signer: sender,
    sequence,
    fee,
    gasLimit: 200_000n,
    label: `sig-${seed}-${height}-${index}`,
  });
  const gasUsed = String(60_000 + Math.floor(rand() * 80_000));
  const events = [
    ...tx.txEvents,
    ...(failed
      ? []
      : [
          {
            type: "message",
            attributes: [
              { key: "action", value: msg.typeUrl, index: true },
              { key: "sender", value: sender, index: true },
              { key: "module", value: msg.module, index: true },
              { key: "msg_index", value: "0", index: true },
            ],
          },
          ...msg.events,
        ]),
  ];
  return {
    raw: tx.raw,
    rest: tx.rest,
    result: {
      code: failed ? 5 : 0,
      // TxMsgData with its two length bytes fixed at MsgSend's (0x26, 0x24), as this stream has
      // always printed it, for delegations too: kept so the seeded chain stays byte-identical.
      data: failed ? "" : Buffer.from(`\x12\x26\n\x24${msg.typeUrl}Response`).toString("base64"),
      log: failed ? "failed to execute message; message index: 0: insufficient funds" : "",
      info: "",
      gas_wanted: "200000",
      gas_used: gasUsed,
      events,
      codespace: failed ? "sdk" : "",
    },
    truth: {
      hash: tx.hash,
      height,
      index,
      code: failed ? 5 : 0,
      signer: sender,
      msgType: msg.typeUrl.slice(1),
      accounts: failed ? [sender] : msg.accounts,
      moved: failed ? [] : msg.moved,
    },
  };
}
