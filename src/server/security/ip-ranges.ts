import ipaddr from 'ipaddr.js';

type Ip = ipaddr.IPv4 | ipaddr.IPv6;
type Cidr = [Ip, number];

/** Words for the ranges ipaddr.js names, as a person reading a refusal would want them. */
const RANGE_WORDS: Record<string, string> = {
  loopback: 'a loopback address (this server itself)',
  private: 'a private network address',
  uniqueLocal: 'a private network address',
  carrierGradeNat: 'a carrier-grade NAT address',
  linkLocal: 'a link-local address (used for cloud metadata)',
  unspecified: 'an unspecified address',
  multicast: 'a multicast address',
  broadcast: 'a broadcast address',
};

/**
 * Ranges ipaddr.js calls "unicast" that still reach inside: IPv4-compatible IPv6 (::a.b.c.d),
 * the local-use NAT64 prefix and the discard prefix.
 */
const EXTRA_BLOCKED: Cidr[] = ['::/96', '64:ff9b:1::/48', '100::/64'].map((c) => ipaddr.parseCIDR(c));

/** Parses an address, turning IPv4-mapped IPv6 (::ffff:127.0.0.1) into the IPv4 it carries. */
function parse(address: string): Ip | null {
  const bare = address.replace(/^\[|\]$/g, '');
  if (!ipaddr.IPv4.isValidFourPartDecimal(bare) && !ipaddr.IPv6.isValid(bare)) return null;
  return ipaddr.process(bare);
}

export function isIpLiteral(host: string): boolean {
  return parse(host) !== null;
}

export function isIpOrCidr(entry: string): boolean {
  if (parse(entry)) return true;
  const [ip, bits] = entry.split('/');
  return bits !== undefined && /^\d{1,3}$/.test(bits) && parse(ip ?? '') !== null && ipaddr.isValidCIDR(entry);
}

/** Why `address` may not be called (a phrase), or null for a public unicast address. */
export function blockedReason(address: string): string | null {
  const ip = parse(address);
  if (!ip) return 'not an IP address';
  const range = ip.range();
  if (range !== 'unicast') return RANGE_WORDS[range] ?? 'a reserved address';
  if (EXTRA_BLOCKED.some((cidr) => cidr[0].kind() === ip.kind() && ip.match(cidr))) return 'a reserved address';
  return null;
}

/** OUTBOUND_ALLOW, parsed: exact host names and CIDR ranges (a bare IP is a /32 or /128). */
export interface AllowList {
  hosts: ReadonlySet<string>;
  ranges: readonly Cidr[];
}

export function parseAllowList(entries: readonly string[]): AllowList {
  const hosts = new Set<string>();
  const ranges: Cidr[] = [];
  for (const entry of entries) {
    const ip = parse(entry);
    if (ip) ranges.push([ip, ip.kind() === 'ipv4' ? 32 : 128]);
    else if (entry.includes('/') && isIpOrCidr(entry)) {
      const [base, bits] = ipaddr.parseCIDR(entry);
      const processed = ipaddr.process(base.toString());
      // An IPv4-mapped IPv6 range means its IPv4 range, like the addresses we compare it with.
      ranges.push(processed.kind() === base.kind() ? [base, bits] : [processed, Math.max(0, bits - 96)]);
    } else hosts.add(entry.toLowerCase());
  }
  return { hosts, ranges };
}

export function allowsHost(list: AllowList, hostname: string): boolean {
  return list.hosts.has(hostname.toLowerCase());
}

export function allowsAddress(list: AllowList, address: string): boolean {
  const ip = parse(address);
  return ip !== null && list.ranges.some((cidr) => cidr[0].kind() === ip.kind() && ip.match(cidr));
}
