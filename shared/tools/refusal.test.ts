import assert from "node:assert/strict";
import { AppError } from "../errors.ts";
import { throwIfRefused } from "./refusal.ts";

Deno.test("a recorded refusal becomes its error, with its field and details, and is not retryable", () => {
  const details = { reason: "checked_changed", item: { id: "i" } };
  assert.throws(
    () => throwIfRefused({ refusal: { type: "CONFLICT", message: "ticked since", field: "seen_version", details } }),
    (error: unknown) => {
      assert.ok(error instanceof AppError);
      assert.deepEqual(error.toBody(), {
        type: "CONFLICT",
        message: "ticked since",
        field: "seen_version",
        retryable: false,
        details,
      });
      assert.equal(error.status, 409);
      return true;
    },
  );
});

Deno.test("a reply without a refusal passes, and so does a refusal of a type that is never refused this way", () => {
  throwIfRefused({ item: { id: "i" } });
  throwIfRefused(null);
  throwIfRefused([1, 2]);
  throwIfRefused({ refusal: { type: "INTERNAL", message: "no" } });
  throwIfRefused({ refusal: null });
});
