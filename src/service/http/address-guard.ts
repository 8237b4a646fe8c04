// The address guard: nothing is ever sent to a link-local address (cloud metadata services answer there), whether a
// URL names it or a host name resolves to it (docs/promises.md, promise 14). The resolver goes to undici as
// connect.lookup, so the check is made on the address the connection is made to.
import { BlockList, isIP, type LookupFunction } from 'node:net';

export class LinkLocalLookupError extends Error {}

/** A resolver that refuses link-local answers for every name but the API's own (a user's choice). */
export function guardedLookup(apiHostname: string, lookup: LookupFunction): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, options, (err, address, family) => {
      const all = typeof address === 'string' ? [address] : (address ?? []).map((a) => a.address);
      const refused =
        hostname.toLowerCase() === apiHostname.toLowerCase() ? undefined : all.find(isLinkLocal);
      const why = `the host name ${hostname} resolves to ${refused}`;
      callback(err ?? (refused === undefined ? null : new LinkLocalLookupError(why)), address, family);
    });
  };
}

/** Link-local networks, also written in IPv6 forms that carry an IPv4 address (node's BlockList matches the
 *  IPv4-mapped form `::ffff:a.b.c.d` by itself; the NAT64 prefix and the old IPv4-compatible form are added). */
const LINK_LOCAL = new BlockList();
LINK_LOCAL.addSubnet('169.254.0.0', 16, 'ipv4');
LINK_LOCAL.addSubnet('fe80::', 10, 'ipv6');
LINK_LOCAL.addSubnet('64:ff9b::a9fe:0', 112, 'ipv6');
LINK_LOCAL.addSubnet('::a9fe:0', 112, 'ipv6');

/** True for a link-local address, with or without the brackets of a URL or a zone; other spellings of IPv4 are
 *  normalised by the URL parser before they get here. */
export function isLinkLocal(host: string): boolean {
  const address = host.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const kind = isIP(address);
  return kind !== 0 && LINK_LOCAL.check(address, kind === 4 ? 'ipv4' : 'ipv6');
}
