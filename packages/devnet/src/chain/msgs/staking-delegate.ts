/** `/cosmos.staking.v1beta1.MsgDelegate` of the bank stream: a delegation to the block proposer. */
import { MsgDelegate } from "cosmjs-types/cosmos/staking/v1beta1/tx";
import type { SdkMsg } from "./sdk-msg.js";

export const TYPE_MSG_DELEGATE = "/cosmos.staking.v1beta1.MsgDelegate";

export function stakingDelegate(o: { delegator: string; validator: string; amount: string }): SdkMsg {
  const { delegator, validator, amount } = o;
  return {
    typeUrl: TYPE_MSG_DELEGATE,
    value: MsgDelegate.encode({
      delegatorAddress: delegator,
      validatorAddress: validator,
      amount: { denom: "uinit", amount },
    }).finish(),
    json: { delegator_address: delegator, validator_address: validator, amount: { denom: "uinit", amount } },
    module: "staking",
    // The devnet's staking moves no bank balance it tracks: only the signer is named.
    events: [],
    accounts: [delegator],
    moved: [],
  };
}
