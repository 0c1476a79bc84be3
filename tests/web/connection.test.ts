// The list status's rules without a browser: offline wins (the browser's word or an unreachable server), then a
// dropped channel ("Reconnecting…"), and "live" (Up to date.) only once joined and pulled since.
import assert from "node:assert/strict";
import { connectionOf } from "../../examples/web/src/live/connection.ts";

const live = { browserOnline: true, channel: "joined" as const, reachable: true, pulledWhileJoined: true };

Deno.test("connection: live only when online, reachable, joined and pulled since", () => {
  assert.equal(connectionOf(live), "live");
  assert.equal(connectionOf({ ...live, pulledWhileJoined: false }), "connecting");
  assert.equal(connectionOf({ ...live, channel: "joining", pulledWhileJoined: false }), "connecting");
});

Deno.test("connection: the browser offline or the server out of reach is offline, whatever the channel says", () => {
  assert.equal(connectionOf({ ...live, browserOnline: false }), "offline");
  assert.equal(connectionOf({ ...live, reachable: false }), "offline");
  assert.equal(connectionOf({ ...live, browserOnline: false, channel: "retrying" }), "offline");
});

Deno.test("connection: a channel retrying or closed is reconnecting, never up to date", () => {
  assert.equal(connectionOf({ ...live, channel: "retrying" }), "reconnecting");
  assert.equal(connectionOf({ ...live, channel: "closed" }), "reconnecting");
});
