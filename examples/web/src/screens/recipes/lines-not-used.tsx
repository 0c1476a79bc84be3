/// <reference lib="dom" />
// The lines an import did not use as ingredients (a draft's other_lines), each as the server words it, the reason
// first ("Not an ingredient (a note): Not included"). Closed by default: most are steps and headings worth no
// look, but a note ("optional: …", "Not included") can matter, so the count is always in sight.

// The reason recipe.import_url, recipe.parse_text and recipe.import_file put before a line they moved; it is set in a
// quieter colour so the line itself is what the eye finds. A line without one is shown as it is.
const reasonFirst = /^(Not an ingredient \([^)]*\):) (.*)$/s;

function LineNotUsed({ line }: { line: string }) {
  const parts = reasonFirst.exec(line);
  if (!parts) return <li>{line}</li>;
  return (
    <li>
      <span class="line-reason">{parts[1]}</span> {parts[2]}
    </li>
  );
}

export function LinesNotUsed(
  { lines, summary, summaryId }: {
    lines: string[];
    /** What the closed list says, with its count. */
    summary: string;
    /** For a control that the count describes (aria-describedby). */
    summaryId?: string;
  },
) {
  if (lines.length === 0) return null;
  return (
    <details class="lines-not-used">
      <summary id={summaryId}>{summary}</summary>
      <ul>{lines.map((line, index) => <LineNotUsed key={index} line={line} />)}</ul>
    </details>
  );
}
