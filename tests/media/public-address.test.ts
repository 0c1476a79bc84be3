import assert from "node:assert/strict";
import { nonPublicRangeOf } from "../../shared/page-fetching/public-address.ts";
import { nonPublicForms } from "./address-forms.ts";

Deno.test("every special-purpose address form is refused, the mapped and tunnelled ones by what they embed", () => {
  for (const [form, addresses] of Object.entries(nonPublicForms)) {
    for (const address of addresses) assert.ok(nonPublicRangeOf(address), `${form}: ${address}`);
  }
  assert.equal(nonPublicRangeOf("::ffff:7f00:1"), "ipv4Mapped: loopback");
  assert.equal(nonPublicRangeOf("64:ff9b::a9fe:a9fe"), "nat64: linkLocal");
  assert.equal(nonPublicRangeOf("recipes.example"), "not an IP address");
});

Deno.test("global unicast addresses pass, IPv4 ones also mapped or behind the well-known NAT64 prefix", () => {
  for (
    const address of ["93.184.216.34", "8.8.8.8", "172.32.0.1", "100.128.0.1", "2606:4700::1111", "2a00:1450::1"]
  ) {
    assert.equal(nonPublicRangeOf(address), undefined, address);
  }
  assert.equal(nonPublicRangeOf("::ffff:8.8.8.8"), undefined);
  assert.equal(nonPublicRangeOf("64:ff9b::808:808"), undefined);
});
