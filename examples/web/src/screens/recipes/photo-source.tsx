/// <reference lib="dom" />
// A recipe photo read with OCR (media.ocr_image). Where the server cannot run OCR it answers UNAVAILABLE; the
// screen then says so and offers the pasted-text import instead of failing.
import { useState } from "preact/hooks";
import { ErrorMessage } from "../../components/error-message.tsx";
import { useAction } from "../../components/use-action.ts";
import { useApp } from "../../context.ts";
import type { Parsed } from "./recipe-import.tsx";

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error("the file could not be read"));
    reader.readAsDataURL(file);
  });
}

export function PhotoSource(
  { onRead, onUseText }: { onRead: (parsed: Parsed, extractedText: string) => void; onUseText: () => void },
) {
  const { api } = useApp();
  const [file, setFile] = useState<File | null>(null);
  const [confidence, setConfidence] = useState<number | null>(null);
  const ocr = useAction();

  async function submit(event: Event) {
    event.preventDefault();
    if (!file) return;
    const result = await ocr.run(async () => api.tools().media.ocrImage({ image: await readAsDataUrl(file) }));
    if (!result) return;
    setConfidence(result.confidence);
    onRead(result.recipe, result.extracted_text);
  }

  // UNAVAILABLE: the server has no OCR (or not now); INTERNAL: its runtime could not start the OCR worker at all.
  const unavailable = ocr.error !== null &&
    ((ocr.error.type === "UNAVAILABLE" && !ocr.error.retryable) || ocr.error.type === "INTERNAL");
  return (
    <form onSubmit={submit} class="import-source">
      <label>
        <span>Photo of a printed recipe (PNG, JPEG or WebP, up to 4 MB)</span>
        <input
          type="file"
          accept="image/png,image/jpeg,image/webp"
          onChange={(event) => setFile(event.currentTarget.files?.[0] ?? null)}
        />
      </label>
      <button type="submit" disabled={ocr.busy || !file}>{ocr.busy ? "Reading the photo…" : "Read the photo"}</button>
      {confidence !== null
        ? (
          <p class="hint">
            Read with{" "}
            {Math.round(confidence * 100)}% confidence; the text is in the pasted-text import if you want to correct it
            and read it again.
          </p>
        )
        : null}
      {unavailable
        ? (
          <div class="notice" role="alert">
            <p>
              {/cannot read photos/.test(ocr.error!.message)
                ? ocr.error!.message
                : `This server cannot read photos (${ocr.error!.message}). Type or paste the recipe's text instead.`}
            </p>
            <button type="button" class="secondary" onClick={onUseText}>Paste the text instead</button>
          </div>
        )
        : <ErrorMessage error={ocr.error} />}
    </form>
  );
}
