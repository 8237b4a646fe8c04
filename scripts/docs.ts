// Generates the inputs and outputs tables of every README from its action.yml, between marker comments, so the
// documentation cannot drift from the metadata. `npm run docs` writes the READMEs; `npm run docs -- --check`
// writes nothing and exits 1 naming the READMEs that differ. Either fails when an input or output has no
// description: an undocumented input is a bug in action.yml, not something to paper over in the README.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

export const ROOT = join(import.meta.dirname, '..');

/** The parts of action.yml the tables are made from. */
export interface DocMetadata {
  inputs?: Record<string, { description?: unknown; required?: unknown; default?: unknown } | null> | null;
  outputs?: Record<string, { description?: unknown } | null> | null;
}

export type Section = 'inputs' | 'outputs';
export const SECTIONS: readonly Section[] = ['inputs', 'outputs'];

export const startMarker = (section: Section): string => `<!-- ${section}:start -->`;
export const endMarker = (section: Section): string => `<!-- ${section}:end -->`;

/** A problem with the metadata or a README that the generator refuses to work around. */
export class DocsError extends Error {
  override name = 'DocsError';
}

/** Text for one table cell: one line, pipes escaped so they do not end the cell. */
function cell(text: string): string {
  return text.replace(/\s+/g, ' ').trim().replace(/\|/g, '\\|');
}

/** A default as code; backticks inside are rare enough that a longer fence is simpler than escaping. */
function code(text: string): string {
  const fence = text.includes('`') ? '``' : '`';
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${cell(text)}${pad}${fence}`;
}

function description(where: string, value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '') throw new DocsError(`${where} has no description`);
  return cell(value);
}

/** The Markdown table of one section. Throws a DocsError naming every entry without a description. */
export function renderTable(meta: DocMetadata, section: Section, source = 'action.yml'): string {
  const missing: string[] = [];
  const rows: string[] = [];
  if (section === 'inputs') {
    rows.push('| Name | Required | Default | Description |', '| --- | --- | --- | --- |');
    for (const [name, input] of Object.entries(meta.inputs ?? {})) {
      try {
        const text = description(`${source}: input '${name}'`, input?.description);
        const required = input?.required === true || input?.required === 'true' ? 'yes' : 'no';
        const given = input?.default;
        const fallback = given === undefined || given === null || given === '' ? '' : code(String(given));
        rows.push(`| \`${name}\` | ${required} | ${fallback} | ${text} |`);
      } catch (error) {
        if (!(error instanceof DocsError)) throw error;
        missing.push(error.message);
      }
    }
  } else {
    rows.push('| Name | Description |', '| --- | --- |');
    for (const [name, output] of Object.entries(meta.outputs ?? {})) {
      try {
        rows.push(`| \`${name}\` | ${description(`${source}: output '${name}'`, output?.description)} |`);
      } catch (error) {
        if (!(error instanceof DocsError)) throw error;
        missing.push(error.message);
      }
    }
  }
  if (missing.length > 0) throw new DocsError(missing.join('\n'));
  if (rows.length === 2) return `This action has no ${section}.`;
  return rows.join('\n');
}

/** The README with every marked section replaced by the table generated from `meta`. */
export function renderReadme(
  readme: string,
  meta: DocMetadata,
  source = 'action.yml',
  file = 'README.md',
): string {
  let out = readme;
  for (const section of SECTIONS) {
    const start = startMarker(section);
    const end = endMarker(section);
    const from = out.indexOf(start);
    const to = out.indexOf(end);
    if (from < 0 || to < 0 || to < from || out.indexOf(start, from + 1) >= 0) {
      throw new DocsError(`${file} needs exactly one '${start}' followed by one '${end}'`);
    }
    const table = renderTable(meta, section, source);
    out = `${out.slice(0, from + start.length)}\n\n${table}\n\n${out.slice(to)}`;
  }
  return out;
}

/** One README and what it should hold. */
export interface DocFile {
  /** Relative to the repository root. */
  path: string;
  actual: string;
  expected: string;
}

/**
 * Every action's metadata file and README: the general action at the root (its page is docs/general-action.md,
 * since the front page keeps to what a new user needs), then actions/<name>.
 */
export function actionDocs(root = ROOT): { metadata: string; readme: string }[] {
  const found = [{ metadata: 'action.yml', readme: 'docs/general-action.md' }];
  const dir = join(root, 'actions');
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
    a.name.localeCompare(b.name),
  )) {
    if (entry.isDirectory() && existsSync(join(dir, entry.name, 'action.yml'))) {
      found.push({
        metadata: `actions/${entry.name}/action.yml`,
        readme: `actions/${entry.name}/README.md`,
      });
    }
  }
  return found;
}

/** Reads every README and renders what it should be. Throws a DocsError listing every problem found. */
export function generateDocs(root = ROOT): DocFile[] {
  const files: DocFile[] = [];
  const problems: string[] = [];
  for (const { metadata, readme } of actionDocs(root)) {
    try {
      const meta = parse(readFileSync(join(root, metadata), 'utf8')) as DocMetadata;
      if (!existsSync(join(root, readme)))
        throw new DocsError(`${readme} is missing (${metadata} has no README)`);
      const actual = readFileSync(join(root, readme), 'utf8');
      files.push({ path: readme, actual, expected: renderReadme(actual, meta, metadata, readme) });
    } catch (error) {
      if (!(error instanceof DocsError)) throw error;
      problems.push(error.message);
    }
  }
  if (problems.length > 0) throw new DocsError(problems.join('\n'));
  return files;
}

function main(args: string[]): number {
  const unknown = args.filter((arg) => arg !== '--check');
  if (unknown.length > 0) {
    console.error(`unknown argument ${unknown.join(' ')}; usage: npm run docs [-- --check]`);
    return 2;
  }
  const check = args.includes('--check');
  let files: DocFile[];
  try {
    files = generateDocs();
  } catch (error) {
    if (!(error instanceof DocsError)) throw error;
    console.error(error.message);
    return 1;
  }
  const stale = files.filter((file) => file.actual !== file.expected);
  if (check) {
    if (stale.length === 0) {
      console.log(`docs: ${files.length} READMEs match their action.yml`);
      return 0;
    }
    for (const file of stale) console.error(`${file.path} differs from its action.yml`);
    console.error("run 'npm run docs' and commit the READMEs");
    return 1;
  }
  for (const file of stale) {
    writeFileSync(join(ROOT, file.path), file.expected);
    console.log(`wrote ${file.path}`);
  }
  if (stale.length === 0) console.log(`docs: ${files.length} READMEs already up to date`);
  return 0;
}

if (import.meta.main) process.exitCode = main(process.argv.slice(2));
