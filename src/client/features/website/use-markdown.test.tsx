import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './markdown-preview';
import { useMarkdownHtml } from './use-markdown';

describe('the lazily loaded preview', () => {
  it('renders what renderMarkdown renders once its renderer has loaded, then follows the text', async () => {
    const { result, rerender } = renderHook(({ text }) => useMarkdownHtml(text), {
      initialProps: { text: '## Tips\n\n**Bold** <b>raw</b>' },
    });
    await waitFor(() => expect(result.current).toBe(renderMarkdown('## Tips\n\n**Bold** <b>raw</b>')));
    rerender({ text: 'Plain [call](javascript:alert(1))' });
    expect(result.current).toBe(renderMarkdown('Plain [call](javascript:alert(1))'));
  });

  it('renders at once when the renderer is already loaded', () => {
    const { result } = renderHook(() => useMarkdownHtml('# Hi'));
    expect(result.current).toBe('<h1>Hi</h1>\n');
  });
});
