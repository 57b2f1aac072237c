import { describe, expect, it } from 'vitest';
import { addKeyword } from './keyword-chips';
import { renderMarkdown } from './markdown-preview';

describe('the editor preview', () => {
  it('renders Markdown but shows raw HTML as text and drops unsafe link targets', () => {
    const html = renderMarkdown(
      '## Tips\n\n**Bold** <img src=x onerror="alert(1)"> [call](javascript:alert(1)) [site](https://example.com)',
    );
    expect(html).toContain('<h2>Tips</h2>');
    expect(html).toContain('<strong>Bold</strong>');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('href="https://example.com"');
  });
});

describe('keyword chips', () => {
  it('trims, ignores blanks and duplicates (case-blind)', () => {
    let list = addKeyword([], '  furnace repair ');
    list = addKeyword(list, 'Furnace Repair');
    list = addKeyword(list, '   ');
    list = addKeyword(list, 'heating');
    expect(list).toEqual(['furnace repair', 'heating']);
  });
});
