// Compiles the platform's Solidity contracts (apps/server/contracts) with solc, ahead of the first start.
import { contractArtifacts } from '../apps/server/src/lib/chain/contracts.ts';

const artifacts = contractArtifacts();
for (const [name, a] of Object.entries(artifacts)) {
  console.log(`${name}: ${(a.bytecode.length - 2) / 2} bytes`);
}
