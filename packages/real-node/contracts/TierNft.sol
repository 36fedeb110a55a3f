// SPDX-License-Identifier: MIT
// A minimal ERC-721 for the real-node tier: anyone may mint (the tier mints from several signers),
// tokenURI is stored per token so the indexer's tokenURI(id) call has a known answer.
pragma solidity 0.8.30;

contract TierNft {
    string public name;
    string public symbol;
    mapping(uint256 => address) public ownerOf;
    mapping(address => uint256) public balanceOf;
    mapping(uint256 => string) private uris;
    mapping(uint256 => address) public getApproved;

    event Transfer(address indexed from, address indexed to, uint256 indexed tokenId);
    event Approval(address indexed owner, address indexed approved, uint256 indexed tokenId);

    constructor(string memory name_, string memory symbol_) {
        name = name_;
        symbol = symbol_;
    }

    function supportsInterface(bytes4 id) external pure returns (bool) {
        // ERC-165, ERC-721, ERC-721 metadata.
        return id == 0x01ffc9a7 || id == 0x80ac58cd || id == 0x5b5e139f;
    }

    function tokenURI(uint256 tokenId) external view returns (string memory) {
        require(ownerOf[tokenId] != address(0), "no token");
        return uris[tokenId];
    }

    function mint(address to, uint256 tokenId, string calldata uri) external {
        require(to != address(0) && ownerOf[tokenId] == address(0), "mint");
        ownerOf[tokenId] = to;
        balanceOf[to] += 1;
        uris[tokenId] = uri;
        emit Transfer(address(0), to, tokenId);
    }

    function approve(address to, uint256 tokenId) external {
        require(ownerOf[tokenId] == msg.sender, "owner");
        getApproved[tokenId] = to;
        emit Approval(msg.sender, to, tokenId);
    }

    function transferFrom(address from, address to, uint256 tokenId) public {
        address owner = ownerOf[tokenId];
        require(owner == from && to != address(0), "from");
        require(msg.sender == owner || msg.sender == getApproved[tokenId], "auth");
        delete getApproved[tokenId];
        ownerOf[tokenId] = to;
        balanceOf[from] -= 1;
        balanceOf[to] += 1;
        emit Transfer(from, to, tokenId);
    }
}
