import ipaddr from "ipaddr.js";

const globalUnicastV6 = ipaddr.parseCIDR("2000::/3");
const wellKnownNat64 = ipaddr.parseCIDR("64:ff9b::/96");

function ipv4RangeOf(address: ipaddr.IPv4): string | undefined {
  const range = address.range();
  return range === "unicast" ? undefined : range;
}

/**
 * Why an IP address is not one a server may be made to fetch (its range: "loopback", "private", "linkLocal",
 * "ipv4Mapped: loopback", "6to4", …), or undefined for a global unicast address. The ranges are ipaddr.js's
 * (IANA's special-purpose registries); IPv6 must also lie in 2000::/3, the only block allocated for global
 * unicast. An IPv4-mapped address is judged by the IPv4 address it maps to, and so is one behind the
 * well-known NAT64 prefix (an IPv6-only host reaches IPv4 sites through it); the local-use NAT64 prefix, 6to4
 * and Teredo are refused outright: tunnels to an address the host cannot see.
 */
export function nonPublicRangeOf(address: string): string | undefined {
  if (!ipaddr.isValid(address)) return "not an IP address";
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv4") return ipv4RangeOf(parsed as ipaddr.IPv4);
  const ipv6 = parsed as ipaddr.IPv6;
  if (ipv6.isIPv4MappedAddress()) {
    const mapped = ipv4RangeOf(ipv6.toIPv4Address());
    return mapped && `ipv4Mapped: ${mapped}`;
  }
  if (ipv6.match(wellKnownNat64)) {
    const [high, low] = ipv6.parts.slice(6);
    const embedded = ipv4RangeOf(new ipaddr.IPv4([high >> 8, high & 255, low >> 8, low & 255]));
    return embedded && `nat64: ${embedded}`;
  }
  const range = ipv6.range();
  if (range !== "unicast") return range;
  return ipv6.match(globalUnicastV6) ? undefined : "reserved";
}
