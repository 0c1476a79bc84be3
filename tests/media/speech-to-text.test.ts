import assert from "node:assert/strict";
import { audioTypeOf } from "../../shared/speech/audio-type.ts";
import { speechSettings } from "../../shared/speech/speech-settings.ts";
import { transcribe } from "../../shared/speech/transcribe.ts";
import { AppError } from "../../shared/errors.ts";
import { speechToText } from "../../shared/tools/media/tools.ts";
import type { ToolContext } from "../../shared/tools/define-tool.ts";
import { testUser } from "../../shared/tools/testing/tool-assertions.ts";
import { callTool } from "../support/tools-client.ts";
import { adminSql, createTestUser } from "../support/stack.ts";
import { toBase64 } from "./images.ts";

/** A WAV file's header and a few silent samples: enough for the type check and the fake service. */
function wavBytes(): Uint8Array {
  const samples = 16;
  const bytes = new Uint8Array(44 + samples * 2);
  const view = new DataView(bytes.buffer);
  const text = (at: number, value: string) => [...value].forEach((c, i) => bytes[at + i] = c.charCodeAt(0));
  text(0, "RIFF");
  view.setUint32(4, 36 + samples * 2, true);
  text(8, "WAVEfmt ");
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, 16000, true);
  view.setUint32(28, 32000, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  text(36, "data");
  view.setUint32(40, samples * 2, true);
  return bytes;
}

interface Received {
  path: string;
  authorization: string | null;
  model: FormDataEntryValue | null;
  responseFormat: FormDataEntryValue | null;
  language: FormDataEntryValue | null;
  file: File;
}

/** A local service speaking the transcription API; `reply` decides each answer. */
function fakeService(reply: (received: Received) => Response | Promise<Response>) {
  const received: Received[] = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, async (request) => {
    const form = await request.formData();
    const entry: Received = {
      path: new URL(request.url).pathname,
      authorization: request.headers.get("authorization"),
      model: form.get("model"),
      responseFormat: form.get("response_format"),
      language: form.get("language"),
      file: form.get("file") as File,
    };
    received.push(entry);
    return await reply(entry);
  });
  const settings = {
    baseUrl: `http://127.0.0.1:${server.addr.port}/v1`,
    apiKey: "test-key",
    model: "whisper-1",
    timeoutMs: 2000,
    responseFormat: "verbose_json" as const,
  };
  return { received, settings, close: () => server.shutdown() };
}

const wav = wavBytes();
const wavType = audioTypeOf(wav)!;

Deno.test("audio types are told from the bytes", () => {
  assert.deepEqual(audioTypeOf(wav), { mediaType: "audio/wav", extension: "wav" });
  assert.equal(
    audioTypeOf(new TextEncoder().encode("ID3\u0004\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000"))?.extension,
    "mp3",
  );
  assert.equal(
    audioTypeOf(new TextEncoder().encode("OggS\u0000\u0002\u0000\u0000\u0000\u0000\u0000\u0000"))?.extension,
    "ogg",
  );
  assert.equal(audioTypeOf(new TextEncoder().encode("just some text, no audio")), undefined);
  assert.equal(audioTypeOf(new Uint8Array(4)), undefined);
});

Deno.test("the transcription request carries the file, model, format, language and key", async () => {
  const service = fakeService(() =>
    Response.json({ text: " two cups of rice ", segments: [{ avg_logprob: -0.1 }, { avg_logprob: -0.3 }] })
  );
  try {
    const result = await transcribe(wav, wavType, service.settings, "en");
    assert.deepEqual(result, { transcript: "two cups of rice", confidence: 0.819, confidence_source: "segments" });
    const [request] = service.received;
    assert.equal(request.path, "/v1/audio/transcriptions");
    assert.equal(request.authorization, "Bearer test-key");
    assert.deepEqual([request.model, request.responseFormat, request.language], ["whisper-1", "verbose_json", "en"]);
    assert.equal(request.file.name, "audio.wav");
    assert.equal(request.file.type, "audio/wav");
    assert.deepEqual(new Uint8Array(await request.file.arrayBuffer()), wav);
  } finally {
    await service.close();
  }
});

Deno.test("confidence comes from token logprobs, else segments, else it is null and said so", async () => {
  const replies = [
    [{ text: "rice", logprobs: [{ logprob: 0 }, { logprob: -0.2 }] }, 0.905, "logprobs"],
    [{ text: "rice" }, null, "none"],
    [{ text: "rice", segments: [{ avg_logprob: -0.1 }, { start: 1 }] }, null, "none"],
  ] as const;
  for (const [body, confidence, source] of replies) {
    const service = fakeService(() => Response.json(body));
    try {
      const result = await transcribe(wav, wavType, service.settings);
      assert.deepEqual([result.confidence, result.confidence_source], [confidence, source], JSON.stringify(body));
    } finally {
      await service.close();
    }
  }
});

Deno.test("error replies, a bad reply and a timeout are structured errors", async () => {
  const cases: [() => Response | Promise<Response>, string, RegExp][] = [
    [
      () => Response.json({ error: { message: "Invalid file format." } }, { status: 400 }),
      "VALIDATION_ERROR",
      /Invalid file format/,
    ],
    [() => Response.json({ error: { message: "bad key" } }, { status: 401 }), "UNAVAILABLE", /SPEECH_TO_TEXT_API_KEY/],
    [() => new Response("slow down", { status: 429 }), "RATE_LIMITED", /429/],
    [() => new Response("boom", { status: 500 }), "UNAVAILABLE", /failed \(500\)/],
    [() => new Response("<html>", { status: 200 }), "UNAVAILABLE", /not JSON/],
    [() => Response.json({ transcript: "wrong field" }), "UNAVAILABLE", /no text/],
    [
      () => new Promise((resolve) => setTimeout(() => resolve(Response.json({ text: "late" })), 500)),
      "UNAVAILABLE",
      /within 100 ms/,
    ],
  ];
  for (const [reply, type, message] of cases) {
    const service = fakeService(reply);
    try {
      await assert.rejects(
        transcribe(wav, wavType, { ...service.settings, timeoutMs: 100 }),
        (error) => error instanceof AppError && error.type === type && message.test(error.message),
        `${type} ${message}`,
      );
    } finally {
      await service.close();
    }
  }
});

Deno.test("settings: missing variables are named, bad ones refused, none of their values shown", () => {
  const unset = () => undefined;
  assert.throws(() => speechSettings(unset), (error) =>
    error instanceof AppError && error.type === "UNAVAILABLE" &&
    /SPEECH_TO_TEXT_BASE_URL, SPEECH_TO_TEXT_API_KEY, SPEECH_TO_TEXT_MODEL/.test(error.message));
  const values: Record<string, string> = {
    SPEECH_TO_TEXT_BASE_URL: "http://127.0.0.1:9/v1/",
    SPEECH_TO_TEXT_API_KEY: "secret-key",
    SPEECH_TO_TEXT_MODEL: "whisper-1",
  };
  assert.deepEqual(speechSettings((name) => values[name]), {
    baseUrl: "http://127.0.0.1:9/v1",
    apiKey: "secret-key",
    model: "whisper-1",
    timeoutMs: 30000,
    responseFormat: "verbose_json",
  });
  for (const [name, bad] of [["SPEECH_TO_TEXT_BASE_URL", "ftp://x"], ["SPEECH_TO_TEXT_TIMEOUT_MS", "soon"]]) {
    assert.throws(
      () => speechSettings((key) => key === name ? bad : values[key]),
      (error) => error instanceof AppError && error.message.includes(name) && !error.message.includes(bad),
    );
  }
});

Deno.test("media.speech_to_text checks the household before the audio leaves, then transcribes", async () => {
  const service = fakeService(() => Response.json({ text: "one onion" }));
  const names = ["SPEECH_TO_TEXT_BASE_URL", "SPEECH_TO_TEXT_API_KEY", "SPEECH_TO_TEXT_MODEL"];
  const values = [service.settings.baseUrl, "test-key", "whisper-1"];
  names.forEach((name, index) => Deno.env.set(name, values[index]));
  const calls: string[] = [];
  const context: ToolContext = {
    user: testUser,
    requestedHouseholdId: null,
    resolveHousehold: () => Promise.reject(new Error("not expected")),
    readNames: () => Promise.reject(new Error("not expected")),
    invoke: <Result>(name: string) => {
      calls.push(`${name} (requests so far: ${service.received.length})`);
      return Promise.resolve({} as Result);
    },
  };
  try {
    const result = await speechToText.execute({ audio: toBase64(wav) }, context);
    assert.deepEqual(calls, ["app.media_speech_to_text (requests so far: 0)"]);
    assert.deepEqual(result, {
      transcript: "one onion",
      confidence: null,
      confidence_source: "none",
      audio: { type: "audio/wav", bytes: wav.length },
    });
  } finally {
    names.forEach((name) => Deno.env.delete(name));
    await service.close();
  }
});

Deno.test("over HTTP: unconfigured is 503 naming the variables; not audio is 400 before that", async () => {
  const sql = adminSql();
  const user = await createTestUser(sql, "speech");
  await sql.end();
  const unconfigured = await callTool(user, "media.speech_to_text", { audio: toBase64(wav) });
  assert.equal(unconfigured.status, 503);
  assert.equal(unconfigured.body.error?.type, "UNAVAILABLE");
  assert.match(unconfigured.body.error?.message ?? "", /SPEECH_TO_TEXT_BASE_URL/);
  for (const audio of [toBase64(new TextEncoder().encode("not audio at all")), "%%%", ""]) {
    const response = await callTool(user, "media.speech_to_text", { audio });
    assert.equal(response.status, 400, audio);
    assert.equal(response.body.error?.field, "audio");
  }
});
