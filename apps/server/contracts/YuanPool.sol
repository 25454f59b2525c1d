// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

interface IYuanToken {
    function transfer(address to, uint256 value) external returns (bool);
    function transferFrom(address from, address to, uint256 value) external returns (bool);
}

/// A constant-product pool of YBI and ETH with a 0.3 % fee: the exchange rate is what the reserves say, never a
/// number the server makes up. The treasury seeds the liquidity; anyone swaps, bounded by the least they accept.
contract YuanPool {
    IYuanToken public immutable token;
    address public immutable treasury;
    uint256 public reserveYbi;
    uint256 public reserveEth;
    bool private locked;

    event Swap(address indexed sender, uint256 ybiIn, uint256 ethIn, uint256 ybiOut, uint256 ethOut, address indexed to);
    event Liquidity(uint256 ybi, uint256 eth);

    constructor(address tokenAddress) {
        token = IYuanToken(tokenAddress);
        treasury = msg.sender;
    }

    modifier once() {
        require(!locked, "busy");
        locked = true;
        _;
        locked = false;
    }

    /// What `amountIn` buys of the other side at the current reserves, after the fee.
    function getAmountOut(uint256 amountIn, uint256 reserveIn, uint256 reserveOut) public pure returns (uint256) {
        require(amountIn > 0, "nothing in");
        require(reserveIn > 0 && reserveOut > 0, "no liquidity");
        uint256 inWithFee = amountIn * 997;
        return (inWithFee * reserveOut) / (reserveIn * 1000 + inWithFee);
    }

    function quoteYbiForEth(uint256 ybiIn) external view returns (uint256) {
        return getAmountOut(ybiIn, reserveYbi, reserveEth);
    }

    function addLiquidity(uint256 ybi) external payable once {
        require(msg.sender == treasury, "only the treasury seeds");
        require(token.transferFrom(msg.sender, address(this), ybi), "token transfer failed");
        reserveYbi += ybi;
        reserveEth += msg.value;
        emit Liquidity(ybi, msg.value);
    }

    function swapYbiForEth(uint256 ybiIn, uint256 minOut, address to) external once returns (uint256 out) {
        out = getAmountOut(ybiIn, reserveYbi, reserveEth);
        require(out >= minOut, "slippage: less than minOut");
        require(token.transferFrom(msg.sender, address(this), ybiIn), "token transfer failed");
        reserveYbi += ybiIn;
        reserveEth -= out;
        emit Swap(msg.sender, ybiIn, 0, 0, out, to);
        (bool sent, ) = to.call{value: out}("");
        require(sent, "eth transfer failed");
    }

    function swapEthForYbi(uint256 minOut, address to) external payable once returns (uint256 out) {
        out = getAmountOut(msg.value, reserveEth, reserveYbi);
        require(out >= minOut, "slippage: less than minOut");
        reserveEth += msg.value;
        reserveYbi -= out;
        emit Swap(msg.sender, 0, msg.value, out, 0, to);
        require(token.transfer(to, out), "token transfer failed");
    }
}
