import { marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

/**
 * A post's Markdown as HTML for WordPress or copying: rendered by marked, then sanitised with
 * sanitize-html (no script, style, iframes, event handlers or javascript: links), since the
 * Markdown is typed by the user or written by a model.
 */
export function markdownToSafeHtml(markdown: string): string {
  const html = marked.parse(markdown, { async: false, gfm: true });
  return sanitizeHtml(html, {
    allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'h1', 'h2'],
    allowedAttributes: { a: ['href', 'title'], img: ['src', 'alt', 'title'] },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  });
}
