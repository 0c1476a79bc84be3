// Renders text into an image with ImageMagick (Debian's imagemagick and fonts-dejavu-core, which .ci/run installs).

/** The text as a PNG, JPEG or WebP, black DejaVu Sans on white at the given point size. */
export async function renderText(text: string, pointSize: number, format: "png" | "jpg" | "webp" = "png") {
  return await magick([
    "-background",
    "white",
    "-fill",
    "black",
    "-font",
    "DejaVu-Sans",
    "-pointsize",
    String(pointSize),
    // Debian's ImageMagick policy refuses "label:@-" (text from a file), so the text goes in the argument,
    // with the characters label: would interpret escaped.
    `label:${text.replace(/[\\%]/g, (character) => character + character).replace(/^@/, "\\@")}`,
    `${format}:-`,
  ], text);
}

/** A blank white image of the given size, as PNG. */
export async function blankImage(width: number, height: number): Promise<Uint8Array> {
  return await magick(["-size", `${width}x${height}`, "xc:white", "png:-"]);
}

async function magick(args: string[], input = ""): Promise<Uint8Array> {
  const child = new Deno.Command("convert", { args, stdin: "piped", stdout: "piped", stderr: "piped" }).spawn();
  const writer = child.stdin.getWriter();
  await writer.write(new TextEncoder().encode(input));
  await writer.close();
  const output = await child.output();
  if (!output.success) throw new Error(`convert failed: ${new TextDecoder().decode(output.stderr)}`);
  return output.stdout;
}

export function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (let index = 0; index < bytes.length; index += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
  }
  return btoa(binary);
}
