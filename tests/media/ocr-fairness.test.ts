import assert from "node:assert/strict";
import { closeOcrWorkers, ocrQueueSnapshot, readImageText } from "../../shared/images/ocr.ts";
import { checkOcrImage } from "../../shared/tools/media/tools.ts";
import { ocrLimits } from "../../shared/tools/media/docs.ts";
import { AppError } from "../../shared/errors.ts";
import { enlarged, fixture, pngOf } from "./images.ts";

// The real OCR workers, two households' calls made in the same turn of the event loop, so what the queue decides
// does not depend on how long anything takes.
Deno.test("OCR: household B is read at once while A's large images run, and only A is refused (429) past its share", async () => {
  const large = pngOf(enlarged("fried-rice-48pt.png", 3), "rgb8");
  const small = fixture("two-cups-rice-40pt.png");
  try {
    const aCalls = Array.from(
      { length: ocrLimits.perHousehold + 2 },
      () => readImageText("household A", large, checkOcrImage(large), 120_000).then(() => "read", (error) => error),
    );
    const bCall = readImageText("household B", small, checkOcrImage(small), 120_000);
    // B did not wait behind A: both run now, A's other calls wait their turn.
    assert.deepEqual(ocrQueueSnapshot(), {
      running: ["household A", "household B"],
      waiting: { "household A": ocrLimits.perHousehold - 1 },
    });
    assert.match((await bCall).text, /2 cups rice/);
    const aOutcomes = await Promise.all(aCalls);
    assert.deepEqual(aOutcomes.slice(0, ocrLimits.perHousehold), Array(ocrLimits.perHousehold).fill("read"));
    for (const refused of aOutcomes.slice(ocrLimits.perHousehold)) {
      assert.ok(refused instanceof AppError && refused.type === "RATE_LIMITED", String(refused));
      assert.ok(refused.retryAfterSeconds! >= 1);
    }
  } finally {
    await closeOcrWorkers();
  }
});
