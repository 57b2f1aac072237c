import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { HintCard } from './hint-card';
import type { Hint } from './hint-catalog';

const hint = {
  id: 'connect-analytics',
  type: 'tip',
  title: 'Connect Google Analytics',
  message: 'See where your visitors come from.',
  priority: 'high',
  context: 'dashboard',
  dismissible: false,
} as Hint;

/** Places an element on the screen (jsdom lays nothing out). */
function place(el: Element, top: number, left: number, height: number, width: number) {
  el.getBoundingClientRect = () => new DOMRect(left, top, width, height);
}

function renderCardBeside() {
  const onClose = vi.fn();
  render(
    <>
      <input aria-label="Under the card" />
      <input aria-label="Clear of the card" />
      <HintCard hints={[hint]} onClose={onClose} onAction={() => undefined} onDismiss={() => undefined} />
    </>,
  );
  // The card sits at the bottom right of a 1280 × 800 window, over the end of a form.
  place(screen.getByRole('complementary', { name: 'Felix' }), 560, 944, 160, 320);
  place(screen.getByLabelText('Under the card'), 640, 700, 40, 400);
  place(screen.getByLabelText('Clear of the card'), 100, 40, 40, 400);
  return onClose;
}

describe('the hint card over a long form', () => {
  it('folds into its button when the owner starts typing in a field it covers', async () => {
    const onClose = renderCardBeside();
    await userEvent.click(screen.getByLabelText('Under the card'));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('stays open for a field it does not cover, and for its own buttons', async () => {
    const onClose = renderCardBeside();
    await userEvent.click(screen.getByLabelText('Clear of the card'));
    await userEvent.tab();
    expect(onClose).not.toHaveBeenCalled();
  });
});
