// Pages written for this test; none is copied from a site.
import assert from "node:assert/strict";
import { jsonLdBlocks } from "./json-ld-blocks.ts";

Deno.test("every JSON-LD block is found, whatever the case and quoting of its type, and nothing else", () => {
  const page = `<html><head>
    <script>var kinds = ["application/ld+json", "text/html"]; if (a < b) {}</script>
    <script type="application/ld+json">{"a": 1}</script>
    <SCRIPT TYPE="APPLICATION/LD+JSON" id=x>{"b": 2}</SCRIPT >
    <script type=application/ld+json>{"c": 3}</script>
    <script type="text/template"><p>ld+json</p></script>
    <meta name="application/ld+json" content="{&quot;d&quot;: 4}">
    <meta name="description" content="about ld+json"></head><body>ld+json in the text</body></html>`;
  assert.deepEqual(jsonLdBlocks(page), ['{"a": 1}', '{"b": 2}', '{"c": 3}', '{"d": 4}']);
  assert.deepEqual(jsonLdBlocks("<p>no data</p>"), []);
  assert.deepEqual(jsonLdBlocks('<script type="application/ld+json">{"cut": '), []);
});
