// SPDX-License-Identifier: MIT
// Calls that make internal calls, so the tier can check internal txs against the node's callTracer:
// relay() CALLs the token (a nested Transfer log from the relay's balance), spawn() CREATEs a child and
// CALLs it, forward() sends value on with a plain CALL.
pragma solidity 0.8.30;

interface ITierToken {
    function transfer(address to, uint256 value) external returns (bool);
    function balanceOf(address who) external view returns (uint256);
}

contract TierChild {
    uint256 public pings;

    function ping() external returns (uint256) {
        pings += 1;
        return pings;
    }
}

contract TierRelay {
    event Relayed(address indexed token, address indexed to, uint256 value);
    event Spawned(address child);

    function relay(address token, address to, uint256 value) external {
        require(ITierToken(token).balanceOf(address(this)) >= value, "relay balance");
        require(ITierToken(token).transfer(to, value), "transfer");
        emit Relayed(token, to, value);
    }

    function spawn() external returns (address) {
        TierChild child = new TierChild();
        child.ping();
        emit Spawned(address(child));
        return address(child);
    }

    function forward(address payable to) external payable {
        (bool ok, ) = to.call{value: msg.value}("");
        require(ok, "forward");
    }
}
