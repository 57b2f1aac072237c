import { Marked } from 'marked';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c] as string);
const SAFE_URL = /^(https?:|mailto:|tel:|#|\/(?!\/))/i;

/**
 * The editor's live preview: Markdown to HTML where raw HTML in the text is shown as text (never
 * parsed), and links or images with anything but a web, mail or phone address lose their target.
 * The server sanitises again (sanitize-html) before anything leaves for WordPress.
 */
const marked = new Marked({
  gfm: true,
  renderer: {
    html: ({ text }) => escapeHtml(text),
  },
  walkTokens: (token) => {
    if ((token.type === 'link' || token.type === 'image') && !SAFE_URL.test(token.href.trim())) token.href = '#';
  },
});

export function renderMarkdown(markdown: string): string {
  return marked.parse(markdown, { async: false });
}
