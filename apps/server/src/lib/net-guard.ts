import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { AppError } from './errors.ts';

/**
 * The server's own network: loopback, private, carrier-grade NAT, link-local (cloud metadata), multicast, reserved,
 * unspecified, unique-local and IPv4-mapped addresses. Scripts and datasources reach them only when listed.
 */
const internal = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  internal.addSubnet(net, bits, 'ipv4');
}
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['::ffff:0:0', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  internal.addSubnet(net, bits, 'ipv6');
}

export function isInternalAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) {
    return internal.check(mapped, 'ipv4');
  }
  const family = isIP(address);
  return family === 0 || internal.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** An IPv4 address written as IPv6 (::ffff:10.0.0.1) is checked as the IPv4 address it is. */
const plain = (address: string) => address.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1');

function allowed(host: string, port: number, address: string, allow: readonly string[]): boolean {
  const a = plain(address);
  return allow.some((entry) => {
    if (entry === host || entry === `${host}:${port}` || entry === a || entry === `${a}:${port}`) {
      return true;
    }
    const [net, bits] = entry.split('/');
    const family = net ? isIP(net) : 0;
    if (!net || !bits || family === 0 || family !== isIP(a)) {
      return false;
    }
    const list = new BlockList();
    list.addSubnet(net, Number(bits), family === 4 ? 'ipv4' : 'ipv6');
    return list.check(a, family === 4 ? 'ipv4' : 'ipv6');
  });
}

/**
 * Resolves `host` and answers the address to connect to, refusing internal addresses (loopback, private,
 * link-local, metadata…) unless the host, host:port, address or a CIDR is in `allow`. The caller connects to the
 * answered address, so a second DNS answer cannot swap in an internal one.
 */
export async function publicAddress(host: string, port: number, allow: readonly string[]): Promise<string> {
  let addresses: { address: string; family: number }[];
  try {
    addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await lookup(host, { all: true });
  } catch {
    throw new AppError(400, 'datasource.unresolved', { host });
  }
  const lower = host.toLowerCase();
  for (const { address } of addresses) {
    if (isInternalAddress(address) && !allowed(lower, port, address, allow)) {
      throw new AppError(400, 'datasource.blocked', { host });
    }
  }
  const first = addresses[0];
  if (!first) {
    throw new AppError(400, 'datasource.unresolved', { host });
  }
  return plain(first.address);
}
