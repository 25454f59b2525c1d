// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// YBI: the platform's ERC-20 token. Only the treasury (the deployer) issues it, naming the territory an issue is
/// attributed to, so issuance per territory can be read back from the chain.
contract YuanToken {
    string public constant name = "Yuan Bi";
    string public constant symbol = "YBI";
    uint8 public constant decimals = 18;
    uint256 public totalSupply;
    address public immutable treasury;

    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);
    event Issued(string territory, address indexed to, uint256 value);

    constructor() {
        treasury = msg.sender;
    }

    function mint(address to, uint256 value, string calldata territory) external {
        require(msg.sender == treasury, "only the treasury issues");
        require(to != address(0), "no receiver");
        totalSupply += value;
        balanceOf[to] += value;
        emit Transfer(address(0), to, value);
        emit Issued(territory, to, value);
    }

    function transfer(address to, uint256 value) external returns (bool) {
        _move(msg.sender, to, value);
        return true;
    }

    function approve(address spender, uint256 value) external returns (bool) {
        allowance[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
        return true;
    }

    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        uint256 allowed = allowance[from][msg.sender];
        require(allowed >= value, "allowance too low");
        if (allowed != type(uint256).max) {
            allowance[from][msg.sender] = allowed - value;
        }
        _move(from, to, value);
        return true;
    }

    function _move(address from, address to, uint256 value) private {
        require(to != address(0), "no receiver");
        require(balanceOf[from] >= value, "balance too low");
        balanceOf[from] -= value;
        balanceOf[to] += value;
        emit Transfer(from, to, value);
    }
}
