/** Builds a tool's full markdown doc: the Summary section first, then the given sections in order. */
export function toolDoc(name: string, summary: string, sections: Record<string, string>): string {
  const body = Object.entries(sections).map(([title, text]) => `## ${title}\n${text.trim()}\n`).join("\n");
  return `# ${name}\n\n## Summary\n${summary}\n\n${body}`;
}

export const idExample = (key: string, id: string) => `\`\`\`json\n{ "${key}": "${id}" }\n\`\`\``;
