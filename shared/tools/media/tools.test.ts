import assert from "node:assert/strict";
import { AppError } from "../../errors.ts";
import { assertOcrCanRun } from "./tools.ts";

Deno.test("media.ocr_image where there are no Web Workers (hosted Edge Functions) says so in words, not retryable", () => {
  assert.doesNotThrow(() => assertOcrCanRun(Worker));
  assert.throws(
    () => assertOcrCanRun(null),
    (error: unknown) =>
      error instanceof AppError && error.type === "UNAVAILABLE" && !error.retryable &&
      /cannot read photos/.test(error.message) && /Paste the recipe's text/.test(error.message),
  );
});
