import type { TSocialPlatform } from './schemas/social.ts';

/**
 * The plain-text shape the model streams social drafts in, read the same way on the server (the
 * final answer) and in the browser (the text so far, filling the wizard's fields as it arrives):
 *
 *   Post: Is your furnace ready for winter? …
 *
 *   ## Facebook
 *   Winter is coming to Tacoma …
 *   Hashtags: #HVAC #Tacoma
 *
 *   ## X
 *   Furnace ready for winter? …
 *   Hashtags: #HVAC
 *
 * The global post comes first, then one `## Platform` section per platform, its text and a last
 * `Hashtags:` line.
 */
export interface SocialDraftsText {
  content: string;
  drafts: { platform: TSocialPlatform; content: string; hashtags: string }[];
}

const NAMES: Record<string, TSocialPlatform> = {
  facebook: 'facebook',
  instagram: 'instagram',
  x: 'twitter',
  twitter: 'twitter',
  'x (twitter)': 'twitter',
  'twitter (x)': 'twitter',
  linkedin: 'linkedin',
};
const HEADER = /^\s*#{2,3}\s+\**\s*([a-z() ]+?)\s*\**:?\s*$/i;
const HASHTAGS = /^\s*\**hashtags\**:?\**\s*(.*)$/i;
const GLOBAL = /^\s*\**(?:global\s+post|general\s+post|post)\**:\**\s*/i;

/** The name in a `## X` header line, or null when the line is not one. */
function headerOf(line: string): TSocialPlatform | null {
  const m = HEADER.exec(line);
  return m ? (NAMES[m[1]!.trim().toLowerCase()] ?? null) : null;
}

/** A last line still being written that may become a header or the Hashtags label: not shown yet. */
function unfinishedMarker(line: string, first: boolean): boolean {
  const t = line.trim();
  if (first && t.length < 'post:'.length && 'post:'.startsWith(t.toLowerCase())) return true;
  if (/^#{1,3}$/.test(t) || /^#{2,3}\s/.test(t)) return headerOf(line) === null;
  return t.length > 0 && t.length < 'hashtags:'.length && 'hashtags:'.startsWith(t.toLowerCase());
}

/** Reads as much of the drafts as has arrived; a missing part is an empty string / absent draft. */
export function readSocialDrafts(text: string): SocialDraftsText {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  // While writing, the last line has no newline after it yet: hold back a half-written marker.
  if (lines.length && unfinishedMarker(lines.at(-1)!, lines.length === 1)) lines.pop();
  const global: string[] = [];
  const drafts: (SocialDraftsText['drafts'][number] & { lines: string[] })[] = [];
  let current: (typeof drafts)[number] | null = null;
  let skipping = false; // a section for a platform not known (or a repeated one) is ignored
  for (const line of lines) {
    const platform = headerOf(line);
    if (platform || HEADER.test(line)) {
      const seen = platform && drafts.some((d) => d.platform === platform);
      if (platform && !seen) {
        current = { platform, content: '', hashtags: '', lines: [] };
        drafts.push(current);
        skipping = false;
      } else skipping = true;
      continue;
    }
    if (skipping) continue;
    const tags = HASHTAGS.exec(line);
    if (current && tags) {
      current.hashtags = tags[1]!.trim();
      continue;
    }
    (current ? current.lines : global).push(line);
  }
  return {
    content: global.join('\n').replace(GLOBAL, '').trim(),
    drafts: drafts.map(({ platform, lines: l, hashtags }) => ({ platform, content: l.join('\n').trim(), hashtags })),
  };
}

/**
 * The whole answer: throws when the global post or a wanted platform's text is missing, so the
 * offline drafts answer instead. Only the wanted platforms are kept, in their order.
 */
export function parseSocialDrafts(text: string, platforms: readonly TSocialPlatform[]): SocialDraftsText {
  const read = readSocialDrafts(text);
  if (!read.content) throw new Error('no global post');
  const drafts = platforms.map((platform) => {
    const d = read.drafts.find((x) => x.platform === platform);
    if (!d?.content) throw new Error(`no ${platform} draft`);
    return d;
  });
  return { content: read.content, drafts };
}

/** The header the prompt asks for, per platform. */
export const SOCIAL_DRAFT_HEADERS: Record<TSocialPlatform, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  twitter: 'X',
  linkedin: 'LinkedIn',
};

/** The prompt's description of the shape, for these platforms. */
export function socialDraftsFormat(platforms: readonly TSocialPlatform[]): string {
  return [
    'Answer in this exact shape, plain text, no Markdown other than the headers:',
    'a first line "Post: " and the general post (no hashtags), a blank line, then for each platform a',
    `header line (${platforms.map((p) => `"## ${SOCIAL_DRAFT_HEADERS[p]}"`).join(', ')}), its post on the next lines`,
    '(no hashtags in the text), a last line "Hashtags: " and its hashtags separated by spaces, and a blank line.',
  ].join(' ');
}
