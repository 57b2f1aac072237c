// A server-rendered page is on screen before React takes it over; a click on it in between would
// be lost (React does not replay clicks on markup it has not hydrated yet). The entry (main.tsx)
// holds such clicks from the moment it runs, before the app's code has even arrived; PageReady
// gives each back to the same element once React has hydrated it. No React here: this module is
// in the entry, which stays a few hundred bytes.

let held: HTMLElement[] | undefined;

const hold = (event: MouseEvent) => {
  // A click on an icon lands on its <svg> or <path>: the element to give it to is the HTML around it.
  let element = event.target instanceof Element ? event.target : null;
  while (element && !(element instanceof HTMLElement)) element = element.parentElement;
  if (!(element instanceof HTMLElement) || !held) return;
  event.preventDefault();
  event.stopPropagation();
  held.push(element);
};

/** From now until the page is ready, clicks are held. */
export function holdEarlyClicks(): void {
  held = [];
  document.addEventListener('click', hold, true);
}

/** Stops holding clicks and answers the elements clicked meanwhile; undefined when none were held. */
export function releaseEarlyClicks(): HTMLElement[] | undefined {
  if (!held) return undefined;
  document.removeEventListener('click', hold, true);
  const clicked = held;
  held = undefined;
  return clicked;
}
