import { existsSync } from 'node:fs';
import { AppError } from '#server/errors.ts';

/**
 * Report PDFs (decision 012): the report's own HTML printed by the system Chromium through
 * playwright-core. One render at a time per process (Chromium is heavy on a small server);
 * without a browser the caller gets a readable 503 and the page offers Print instead.
 */
export const NO_BROWSER =
  'PDF download is not available on this server (no Chromium is installed). Use Print on the report page and choose "Save as PDF".';

let queue: Promise<unknown> = Promise.resolve();

export function pdfAvailable(browserPath: string | undefined): browserPath is string {
  return !!browserPath && existsSync(browserPath);
}

export async function renderPdf(browserPath: string | undefined, html: string): Promise<Buffer> {
  if (!pdfAvailable(browserPath)) throw new AppError('unavailable', NO_BROWSER);
  const run = queue.then(async () => {
    // Loaded on the first PDF, not at start: playwright-core alone took ~1 s of every start.
    const { chromium } = await import('playwright-core');
    const browser = await chromium.launch({ executablePath: browserPath, args: ['--no-sandbox'] });
    try {
      const page = await browser.newPage();
      // The page is our own escaped HTML with nothing to fetch; block any request just in case.
      await page.route('**/*', (route) => route.abort());
      await page.setContent(html, { waitUntil: 'load' });
      return await page.pdf({ format: 'A4', printBackground: true, margin: { top: '12mm', bottom: '12mm' } });
    } finally {
      await browser.close();
    }
  });
  queue = run.catch(() => undefined);
  try {
    return await run;
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError(
      'unavailable',
      'The PDF could not be made right now. Try again, or use Print on the report page.',
    );
  }
}
