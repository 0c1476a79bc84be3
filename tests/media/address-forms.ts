// The address forms recipe.import_url must refuse, shared by the classification and the fetch tests.
/** Each special-purpose form recipe.import_url must refuse, by what it is. */
export const nonPublicForms: Record<string, string[]> = {
  "IPv4-mapped": ["::ffff:127.0.0.1", "::ffff:7f00:1", "0:0:0:0:0:ffff:127.0.0.1", "::ffff:169.254.169.254"],
  "IPv4-translated and IPv4-compatible": ["::ffff:0:7f00:1", "::127.0.0.1", "::a00:1"],
  "NAT64 of a private address, and local-use NAT64": ["64:ff9b::7f00:1", "64:ff9b::a9fe:a9fe", "64:ff9b:1::808:808"],
  "6to4": ["2002:7f00:1::1", "2002:808:808::1"],
  "Teredo": ["2001:0:4136:e378:8000:63bf:80ff:fffe", "2001::1"],
  "unique-local": ["fc00::1", "fd12:3456:789a::1"],
  "link-local (cloud metadata)": ["169.254.169.254", "fe80::1", "fd00:ec2::254"],
  "loopback": ["127.0.0.1", "127.1.2.3", "::1"],
  "unspecified": ["0.0.0.0", "0.1.2.3", "::"],
  "multicast and broadcast": ["224.0.0.1", "239.255.255.250", "255.255.255.255", "ff02::1", "ff0e::1"],
  "private": ["10.0.0.7", "172.16.0.1", "172.31.255.255", "192.168.1.1"],
  "carrier-grade NAT": ["100.64.0.1", "100.127.255.254"],
  "reserved and documentation": [
    "240.0.0.1",
    "192.0.0.170",
    "192.0.2.1",
    "198.18.0.1",
    "198.51.100.7",
    "203.0.113.9",
    "2001:db8::1",
    "2001:2::1",
    "100::1",
    "fec0::1",
    "4000::1",
  ],
};
