// The ```yaml blocks of a Markdown text, with the line each starts on: what readers copy from the READMEs.

export function yamlBlocks(markdown: string): { line: number; text: string }[] {
  const blocks: { line: number; text: string }[] = [];
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(`{3,})\s*ya?ml\s*$/.exec(lines[i] ?? '');
    if (!open) continue;
    const [, indent = '', fence = ''] = open;
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length && !(lines[j] ?? '').trim().startsWith(fence); j++) {
      body.push((lines[j] ?? '').slice(indent.length));
    }
    blocks.push({ line: i + 1, text: body.join('\n') });
    i = j;
  }
  return blocks;
}
