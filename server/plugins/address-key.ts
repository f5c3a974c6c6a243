import { isIPv4, isIPv6 } from 'node:net';

/**
 * The key every per-address limit counts under (docs/security.md "How limits are keyed"): an
 * IPv4 address as it is, and for IPv6 its /64 network, the block one home, phone or office is
 * given, so a client cannot get a fresh allowance by taking another address of its own network.
 * An IPv4 address written as IPv6 (`::ffff:192.0.2.1`, what a dual-stack socket reports) is the
 * IPv4 address. Anything else (no address, a Unix socket) is its own key.
 */
export function addressKey(ip: string | undefined): string {
  if (!ip) return '';
  const bare = ip.startsWith('[') && ip.endsWith(']') ? ip.slice(1, -1) : ip;
  if (isIPv4(bare)) return bare;
  const zoneless = bare.split('%')[0] as string;
  if (!isIPv6(zoneless)) return bare;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(zoneless);
  if (mapped && isIPv4(mapped[1] as string)) return mapped[1] as string;
  return `${ipv6Groups(zoneless).slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address, lower-case hex without leading zeros. */
function ipv6Groups(ip: string): string[] {
  let text = ip.toLowerCase();
  // A trailing dotted IPv4 part is two groups.
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const fill = tail === undefined ? [] : Array(8 - left.length - right.length).fill('0');
  return [...left, ...fill, ...right].map((g) => Number.parseInt(g, 16).toString(16));
}
