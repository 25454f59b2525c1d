import { BlockList, isIP } from 'node:net';

/**
 * The server's own network and addresses no outside service has: unspecified, loopback, private, carrier-grade NAT
 * (Alibaba's metadata 100.100.100.200), link-local (the clouds' metadata 169.254.169.254), documentation,
 * benchmarking, multicast, reserved and broadcast; for IPv6 also unique-local, site-local, discard, and every form
 * that carries an IPv4 address inside (mapped, compatible, NAT64, 6to4, Teredo), which could lead back to one.
 */
// Two lists: one BlockList would also match IPv4 addresses against the IPv6 rules (as ::ffff:a.b.c.d).
const internal4 = new BlockList();
const internal6 = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  internal4.addSubnet(net, bits, 'ipv4');
}
for (const [net, bits] of [
  ['::', 96],
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  internal6.addSubnet(net, bits, 'ipv6');
}

/** The address in its one canonical spelling (IPv6 compressed, lower case), or undefined when it is none. */
function canonical(address: string): string | undefined {
  const bare = address.replace(/^\[|\]$/g, '');
  const family = isIP(bare);
  if (family === 4) {
    return bare;
  }
  if (family !== 6) {
    return undefined;
  }
  try {
    // The URL parser folds every IPv6 spelling (zeros, case, a dotted tail) into one; a zone id is refused.
    return new URL(`http://[${bare}]/`).hostname.slice(1, -1);
  } catch {
    return undefined;
  }
}

/** An IPv4 address written as IPv6 (::ffff:10.0.0.1, ::ffff:a00:1) as the IPv4 address it is; others as they are. */
export function plainAddress(address: string): string {
  const text = canonical(address) ?? address;
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(text);
  if (!mapped) {
    return text;
  }
  const [high, low] = [Number.parseInt(mapped[1] ?? '0', 16), Number.parseInt(mapped[2] ?? '0', 16)];
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** True for any address of the list above, and for anything that is not an IP address at all. */
export function isInternalAddress(address: string): boolean {
  const text = canonical(address);
  if (text === undefined) {
    return true;
  }
  return isIP(text) === 4 ? internal4.check(text, 'ipv4') : internal6.check(text, 'ipv6');
}

/** One entry of an allow-list: a host name, an IP address or a CIDR range, with or without a port. */
interface AllowEntry {
  host?: string;
  net?: BlockList;
  port?: number;
}

/** A host name as the allow-list compares it: lower case, without brackets or a trailing dot. */
export function hostKey(host: string): string {
  return host
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
}

/** One entry, or undefined when it is not `host`, `host:port`, `IP`, `IP:port`, `[IPv6]:port` or `CIDR`. */
export function parseAllowEntry(text: string): AllowEntry | undefined {
  const entry = text.trim().toLowerCase();
  const cidr = /^([0-9a-f:.]+)\/(\d{1,3})$/.exec(entry);
  if (cidr) {
    const family = isIP(cidr[1] ?? '');
    const bits = Number(cidr[2]);
    if (family === 0 || bits > (family === 4 ? 32 : 128)) {
      return undefined;
    }
    const net = new BlockList();
    net.addSubnet(cidr[1] ?? '', bits, family === 4 ? 'ipv4' : 'ipv6');
    return { net };
  }
  const withPort = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(entry) ?? /^([^:]+):(\d{1,5})$/.exec(entry);
  const [name, port] = withPort ? [withPort[1] ?? '', withPort[2]] : [entry, undefined];
  const portNumber = port === undefined ? undefined : Number(port);
  if (portNumber !== undefined && (portNumber < 1 || portNumber > 65_535)) {
    return undefined;
  }
  if (isIP(name) !== 0) {
    const address = plainAddress(name);
    const net = new BlockList();
    net.addAddress(address, isIP(address) === 4 ? 'ipv4' : 'ipv6');
    return { net, port: portNumber };
  }
  return /^[a-z0-9_]([a-z0-9_.-]{0,252})$/.test(name) ? { host: hostKey(name), port: portNumber } : undefined;
}

/** The entries of a list; those that parse as none of the accepted shapes are left out. */
export function parseAllowList(entries: readonly string[]): AllowEntry[] {
  return entries.map(parseAllowEntry).filter((e): e is AllowEntry => e !== undefined);
}

/** Whether `address`, reached as `host` on `port`, is named by one of the entries. */
export function isAllowed(
  entries: readonly AllowEntry[],
  host: string,
  port: number,
  address: string,
): boolean {
  const key = hostKey(host);
  const plain = plainAddress(address);
  const family = isIP(plain) === 4 ? 'ipv4' : 'ipv6';
  return entries.some(
    (entry) =>
      (entry.port === undefined || entry.port === port) &&
      (entry.host === undefined || entry.host === key) &&
      (entry.net === undefined || entry.net.check(plain, family)),
  );
}
