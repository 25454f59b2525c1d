import { type Address, BaseError, ContractFunctionRevertedError, formatEther } from 'viem';
import type { Ready } from '../../lib/chain/chain.ts';
import { contractArtifacts } from '../../lib/chain/contracts.ts';
import { AppError } from '../../lib/errors.ts';

// What a payment asks of the chain before it sends, and how the chain's failures reach the caller.

/** Refuses before sending when the wallet holds less YBI than it would pay (pending payments counted). */
export async function enoughYbi(ready: Ready, address: Address, amount: bigint): Promise<void> {
  const { YuanToken } = contractArtifacts();
  const have = (await ready.client.readContract({
    address: ready.deployment.token,
    abi: YuanToken.abi,
    functionName: 'balanceOf',
    args: [address],
    blockTag: 'pending',
  })) as bigint;
  if (have < amount) {
    throw new AppError(400, 'wallet.balanceShort', { need: formatEther(amount), have: formatEther(have) });
  }
}

/** Refuses before sending when the wallet's ETH cannot pay the fee of `gas` at the current price. */
export async function enoughGas(ready: Ready, address: Address, gas: bigint) {
  const fees = await ready.client.estimateFeesPerGas();
  const need = gas * fees.maxFeePerGas;
  const have = await ready.client.getBalance({ address, blockTag: 'pending' });
  if (have < need) {
    throw new AppError(400, 'wallet.gasShort', { need: formatEther(need), have: formatEther(have) });
  }
  return { maxFeePerGas: fees.maxFeePerGas, maxPriorityFeePerGas: fees.maxPriorityFeePerGas };
}

export function reverted(error: unknown): boolean {
  return error instanceof BaseError && error.walk((e) => e instanceof ContractFunctionRevertedError) !== null;
}

export function asAppError(error: unknown): unknown {
  if (error instanceof AppError) {
    return error;
  }
  const detail = error instanceof BaseError ? error.shortMessage : String(error);
  return new AppError(502, 'wallet.sendFailed', { detail: detail.slice(0, 200) });
}
