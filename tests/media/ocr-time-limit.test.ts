import assert from "node:assert/strict";
import { closeOcrWorkers, readImageText } from "../../shared/images/ocr.ts";
import { checkImage, type ImageHeader } from "../../shared/images/image-type.ts";
import { AppError } from "../../shared/errors.ts";
import { fixture } from "./images.ts";

function header(bytes: Uint8Array): ImageHeader {
  const check = checkImage(bytes);
  if (!check.ok) throw new Error(check.reason);
  return check;
}

Deno.test("OCR over its time limit is UNAVAILABLE, and the next call starts a new worker that works", async () => {
  const image = fixture("two-cups-rice-40pt.png");
  try {
    await assert.rejects(
      readImageText("household", image, header(image), 1),
      (error) => error instanceof AppError && error.type === "UNAVAILABLE",
    );
    const recognized = await readImageText("household", image, header(image), 60_000);
    assert.match(recognized.text, /2 cups rice/);
    const jpeg = fixture("two-cups-rice-40pt.jpg");
    const undecodable = new Uint8Array([...jpeg.subarray(0, 200), ...new Uint8Array(400), ...jpeg.subarray(-12)]);
    await assert.rejects(
      readImageText("household", undecodable, header(jpeg), 60_000),
      (error) => error instanceof AppError && error.type === "VALIDATION_ERROR" && error.field === "image",
    );
    assert.match((await readImageText("household", image, header(image), 60_000)).text, /2 cups rice/);
  } finally {
    await closeOcrWorkers();
  }
});
