// A server stand-in: starts the embedded chain in the folder given, says where it listens, then dies without
// stopping it, killed by the test ("stay") or exiting by itself ("exit").
import { startAnvil } from '../../src/lib/chain/anvil.ts';

const [dir, how] = process.argv.slice(2);
if (!dir) {
  throw new Error('usage: anvil-owner.ts <dir> stay|exit');
}
const chain = await startAnvil(dir);
process.stdout.write(`${JSON.stringify({ url: chain.url, mnemonic: chain.mnemonic })}\n`);
if (how === 'exit') {
  setTimeout(() => process.exit(0), 100);
} else {
  setInterval(() => undefined, 1_000);
}
