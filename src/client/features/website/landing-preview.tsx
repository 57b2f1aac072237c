import { useEffect, useRef, useState } from 'react';
import { Copy, Download, Monitor, Smartphone, Tablet } from 'lucide-react';
import { WEBSITE_MESSAGES } from '@shared/website';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';

export type PreviewMode = 'desktop' | 'tablet' | 'mobile';
const SIZES: Record<PreviewMode, { width: number; height: number }> = {
  desktop: { width: 1280, height: 800 },
  tablet: { width: 768, height: 1024 },
  mobile: { width: 375, height: 667 },
};
const MODES = [
  { id: 'desktop', label: 'Desktop', Icon: Monitor },
  { id: 'tablet', label: 'Tablet', Icon: Tablet },
  { id: 'mobile', label: 'Mobile', Icon: Smartphone },
] as const;

/**
 * The page in a sandboxed frame (no scripts, no same-origin, forms inert) at the chosen device
 * size, scaled down to fit; copy and download the HTML (the object URL is released after 1 s).
 */
export function LandingPreview({ html, title }: { html: string; title: string }) {
  const [mode, setMode] = useState<PreviewMode>('desktop');
  const box = useRef<HTMLDivElement>(null);
  const [available, setAvailable] = useState(0);
  useEffect(() => {
    const el = box.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setAvailable(entry?.contentRect.width ?? 0));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  const size = SIZES[mode];
  const scale = available > 0 ? Math.min(1, available / size.width) : 1;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(html);
      toast({ title: 'Copied', description: 'The page HTML is on your clipboard.' });
    } catch {
      toast({
        variant: 'destructive',
        title: WEBSITE_MESSAGES.copyFailed.title,
        description: WEBSITE_MESSAGES.copyFailed.message,
      });
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([html], { type: 'text/html' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `${
      title
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '') || 'landing-page'
    }.html`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="inline-flex rounded-lg bg-slate-100 p-1" role="group" aria-label="Preview size">
          {MODES.map(({ id, label, Icon }) => (
            <button
              key={id}
              type="button"
              aria-pressed={mode === id}
              onClick={() => setMode(id)}
              className={`inline-flex items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium ${mode === id ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600'}`}
            >
              <Icon aria-hidden="true" className="size-4" />
              {label}
            </button>
          ))}
        </div>
        <div className="flex gap-2">
          <Button type="button" size="sm" variant="outline" onClick={() => void copy()}>
            <Copy aria-hidden="true" /> Copy
          </Button>
          <Button type="button" size="sm" variant="outline" onClick={download}>
            <Download aria-hidden="true" /> Download
          </Button>
        </div>
      </div>
      <div ref={box} className="overflow-hidden rounded-lg border border-slate-200 bg-slate-100">
        <div className="mx-auto" style={{ width: size.width * scale, height: size.height * scale }}>
          <iframe
            title={`Preview: ${title}`}
            sandbox=""
            srcDoc={html}
            data-mode={mode}
            width={size.width}
            height={size.height}
            className="origin-top-left border-0 bg-white"
            style={{ transform: `scale(${scale})` }}
          />
        </div>
      </div>
    </div>
  );
}
