import { useEffect } from 'react';
import { releaseEarlyClicks } from './early-clicks';

/** React keeps an element's props on it once it has hydrated it. */
const isHydrated = (element: Element) => Object.keys(element).some((key) => key.startsWith('__reactProps$'));

function replay(element: HTMLElement, deadline: number): void {
  if (!element.isConnected) return;
  if (isHydrated(element) || performance.now() > deadline) element.click();
  else requestAnimationFrame(() => replay(element, deadline));
}

/**
 * What a visitor typed or ticked in the server's form before React took it over is still in the
 * fields, but not in the page's state (React 19 hydrates a field as it finds it, and would reset
 * it to the state's value on the next render). Each such field is handed over as if changed now.
 */
function keepEarlyInput(): void {
  const nativeValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  for (const field of document.querySelectorAll<HTMLInputElement>('#root input')) {
    if (field.type === 'checkbox' || field.type === 'radio') {
      if (field.checked === field.defaultChecked) continue;
      // React notices a change against what it last saw: it sees the server's state, then the click.
      field.checked = field.defaultChecked;
      field.click();
    } else if (field.type !== 'hidden' && field.value !== field.defaultValue && nativeValue) {
      const typed = field.value;
      field.value = field.defaultValue; // through React's tracker: what it last saw
      nativeValue.call(field, typed); // past it: what the visitor typed
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }
  }
}

/**
 * Rendered inside each page's Suspense boundary: once the page is committed (hydrated or drawn),
 * the document says so (`<html data-app-ready>`, which browser specs wait for after a load), and
 * on server-drawn markup the early input is handed over and the held clicks are given back.
 */
export function PageReady() {
  useEffect(() => {
    document.documentElement.dataset.appReady = '';
    const clicked = releaseEarlyClicks();
    if (!clicked) return;
    keepEarlyInput();
    const deadline = performance.now() + 5000;
    for (const element of clicked) replay(element, deadline);
  }, []);
  return null;
}
