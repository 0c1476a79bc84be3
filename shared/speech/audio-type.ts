// What an uploaded audio file is, read from its bytes: the types OpenAI-compatible transcription endpoints take.

export interface AudioType {
  mediaType: string;
  /** The file name extension the endpoint judges the format by. */
  extension: string;
}

function ascii(bytes: Uint8Array, at: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(at, at + length));
}

/** The audio type of the bytes, or undefined when they are none of WAV, MP3, OGG, FLAC, WebM or MP4/M4A. */
export function audioTypeOf(bytes: Uint8Array): AudioType | undefined {
  if (bytes.length < 12) return undefined;
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 4) === "WAVE") {
    return { mediaType: "audio/wav", extension: "wav" };
  }
  if (ascii(bytes, 0, 4) === "OggS") return { mediaType: "audio/ogg", extension: "ogg" };
  if (ascii(bytes, 0, 4) === "fLaC") return { mediaType: "audio/flac", extension: "flac" };
  if (bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) {
    return { mediaType: "audio/webm", extension: "webm" };
  }
  if (ascii(bytes, 4, 4) === "ftyp") return { mediaType: "audio/mp4", extension: "m4a" };
  if (ascii(bytes, 0, 3) === "ID3" || (bytes[0] === 0xff && (bytes[1] & 0xe0) === 0xe0)) {
    return { mediaType: "audio/mpeg", extension: "mp3" };
  }
  return undefined;
}
