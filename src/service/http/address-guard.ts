// Nothing is ever sent to a link-local address (cloud metadata services answer there), whether a URL names it or a
// host name resolves to it (docs/promises.md, promise 14): the resolver is undici's connect.lookup, so the check is
// made on the address the connection is made to.
import { BlockList, isIP, type LookupFunction } from 'node:net';

export class LinkLocalLookupError extends Error {}

/** A resolver that refuses link-local answers for every name but the API's own (a user's choice). */
export function guardedLookup(apiHostname: string, lookup: LookupFunction): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, options, (err, address, family) => {
      const all = typeof address === 'string' ? [address] : (address ?? []).map((a) => a.address);
      const own = hostname.toLowerCase() === apiHostname.toLowerCase();
      const refused = own ? undefined : all.find(isLinkLocal);
      const why = `the host name ${hostname} resolves to ${refused}`;
      callback(err ?? (refused === undefined ? null : new LinkLocalLookupError(why)), address, family);
    });
  };
}

// BlockList matches the IPv4-mapped form `::ffff:a.b.c.d` by itself; the NAT64 and IPv4-compatible forms are added.
const LINK_LOCAL = new BlockList();
LINK_LOCAL.addSubnet('169.254.0.0', 16, 'ipv4');
LINK_LOCAL.addSubnet('fe80::', 10, 'ipv6');
LINK_LOCAL.addSubnet('64:ff9b::a9fe:0', 112, 'ipv6');
LINK_LOCAL.addSubnet('::a9fe:0', 112, 'ipv6');

/** With or without the brackets of a URL or a zone; the URL parser has normalised other spellings of IPv4. */
export function isLinkLocal(host: string): boolean {
  const address = host.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const kind = isIP(address);
  return kind !== 0 && LINK_LOCAL.check(address, kind === 4 ? 'ipv4' : 'ipv6');
}
