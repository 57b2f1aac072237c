/**
 * The plain-text shape the model streams an article in, read the same way on the server (the
 * final answer) and in the browser (the text so far, shown while it is written):
 *
 *   Title: Furnace Tune-Ups in Tacoma
 *   Meta description: Why a fall tune-up saves money …
 *
 *   ## First heading
 *   …
 */
export interface ArticleDraft {
  title: string;
  metaDescription: string;
  content: string;
}

const TITLE = /^\s*(?:#\s+|\*\*)?title:?\*{0,2}\s*(.*)$/i;
const META = /^\s*(?:\*\*)?meta(?:\s+description)?:?\*{0,2}\s*(.*)$/i;

/** Reads as much of the draft as has arrived; a missing part is an empty string. */
export function readArticleDraft(text: string): ArticleDraft {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  let title = '';
  let metaDescription = '';
  let i = 0;
  // The header: the Title and Meta description lines (in either order), blank lines around them.
  for (; i < lines.length && i < 6; i += 1) {
    const line = lines[i] ?? '';
    const t = TITLE.exec(line);
    const m = META.exec(line);
    if (t && !title) title = t[1]!.trim();
    else if (m && !metaDescription) metaDescription = m[1]!.trim();
    else if (line.trim() !== '') break;
  }
  // A model that ignored the header but opened with "# Heading" still gives its title.
  if (!title && /^#\s+/.test(lines[i] ?? '')) {
    title = lines[i]!.replace(/^#\s+/, '').trim();
    i += 1;
  }
  return { title, metaDescription, content: lines.slice(i).join('\n').trim() };
}

/** The whole answer: throws when the title or the body is missing (the offline writer then answers). */
export function parseArticleDraft(text: string): ArticleDraft {
  const draft = readArticleDraft(text);
  if (!draft.title) throw new Error('no title line');
  if (!draft.content) throw new Error('no article body');
  return draft;
}

/** The prompt's description of the shape. */
export const ARTICLE_DRAFT_FORMAT =
  'Answer in this exact shape: a first line "Title: " and the title, a second line "Meta description: " and a description under 160 characters, a blank line, then the article in Markdown (no title heading).';
