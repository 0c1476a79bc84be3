// Server-sent events as they arrive: chunks split anywhere (mid-line, mid-event); each complete event's `data:`
// line is parsed as JSON and handed on. Events are separated by a blank line (\n\n or \r\n\r\n).
export function sseEventParser<Event>(onEvent: (event: Event) => void): (chunk: string) => void {
  let buffered = "";
  return (chunk) => {
    // Normalised on the whole buffer, so a \r\n split between two chunks is still one line end.
    buffered = (buffered + chunk).replaceAll("\r\n", "\n");
    let end: number;
    while ((end = buffered.indexOf("\n\n")) >= 0) {
      const block = buffered.slice(0, end);
      buffered = buffered.slice(end + 2);
      const data = block.split("\n").filter((line) => line.startsWith("data:")).map((line) =>
        line.slice(5).replace(/^ /, "")
      ).join("\n");
      if (data) onEvent(JSON.parse(data) as Event);
    }
  };
}
