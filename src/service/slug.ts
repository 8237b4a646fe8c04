// How API v2 names a project: its slug, and the v1.1 triple a slug of a known host names (docs/v2.md, "Addressing").
import { projectPath, type ProjectAddress } from './v1.ts';
import type { VcsType } from './records.ts';

/** The v2 slug of a project, `primary-host/acme/widget` or `app/<org>/<project>`, each part percent-encoded. */
export function projectSlug(p: ProjectAddress): string {
  if ('slug' in p) return p.slug.split('/').map(encodeURIComponent).join('/');
  return projectPath(p).slice('/project/'.length);
}

// The service's provider words and ours name the same hosts; any other word is opaque (an app-integration project).
const PROVIDER_WORDS: Readonly<Record<string, VcsType>> = {
  gh: 'primary-host',
  github: 'primary-host',
  'primary-host': 'primary-host',
  bb: 'secondary-host',
  bitbucket: 'secondary-host',
  'secondary-host': 'secondary-host',
};

/** The project a slug of the service names, as a triple for a provider word we know, else the slug; undefined for
 *  a text that is no slug. */
export function slugAddress(slug: unknown): ProjectAddress | undefined {
  if (typeof slug !== 'string') return undefined;
  const parts = slug.split('/');
  if (parts.length !== 3 || parts.some((part) => part === '' || /[\p{Cc}\s?#%\\]/u.test(part)))
    return undefined;
  const [provider = '', username = '', project = ''] = parts;
  const vcsType = PROVIDER_WORDS[provider.toLowerCase()];
  return vcsType === undefined ? { slug } : { vcsType, username, project };
}

/** Whether two addresses name one project by what they name: the same host, organization and project, without
 *  case; two opaque slugs by their organization and project, whatever their provider word. */
export function sameProject(a: ProjectAddress, b: ProjectAddress): boolean {
  const named = (p: ProjectAddress): string[] => {
    const known = 'slug' in p ? slugAddress(p.slug) : p;
    if (known !== undefined && !('slug' in known)) return [known.vcsType, known.username, known.project];
    const [provider = '', org = '', project = ''] = (p as { slug: string }).slug.split('/');
    return [PROVIDER_WORDS[provider.toLowerCase()] ?? '(opaque)', org, project];
  };
  const [x, y] = [named(a), named(b)];
  return x.every((part, i) => part.toLowerCase() === y[i]?.toLowerCase());
}

/** What an answer's project slug names when it is not project `p`, as a phrase; undefined for `p`, or none named. */
export function otherProject(named: unknown, p: ProjectAddress): string | undefined {
  if (named === undefined) return undefined;
  const own = slugAddress(named);
  if (own === undefined) return 'a project whose slug is no provider/organization/project';
  return sameProject(own, p) ? undefined : `project ${named as string}`;
}
