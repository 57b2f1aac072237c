import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FeatureTabs } from './feature-tabs';
import { IndustryTabs } from './industry-tabs';

/** The tab list's tabs, which one is selected, and the one panel shown. */
function state(listName: string) {
  const list = screen.getByRole('tablist', { name: listName });
  const tabs = within(list).getAllByRole('tab');
  const selected = tabs.filter((tab) => tab.getAttribute('aria-selected') === 'true');
  expect(selected, 'exactly one selected tab').toHaveLength(1);
  const tab = selected[0]!;
  const panel = document.getElementById(tab.getAttribute('aria-controls') ?? '');
  return { list, tabs, tab, panel };
}

describe('FeatureTabs', () => {
  it('follows the tabs pattern: one selected tab in the Tab order, its panel labelled by it', () => {
    render(<FeatureTabs />);
    const { list, tabs, tab, panel } = state('Demo features');
    expect(list).toHaveAttribute('aria-orientation', 'horizontal');
    expect(tabs.map((t) => t.textContent)).toEqual([
      'Felix AI Assistant',
      'AI Content Creation',
      'Smart Lead Management',
      'Business Analytics',
    ]);
    expect(tab).toHaveTextContent('Felix AI Assistant');
    expect(tabs.map((t) => t.tabIndex)).toEqual([0, -1, -1, -1]);
    expect(panel).toBe(screen.getByRole('tabpanel', { name: 'Felix AI Assistant' }));
    expect(panel).toBeVisible();
    expect(panel).toHaveTextContent('Ask Felix what to do next');
    // The other panels exist (so every aria-controls points somewhere) but are hidden and empty.
    for (const other of tabs.slice(1)) {
      const hidden = document.getElementById(other.getAttribute('aria-controls') ?? '');
      expect(hidden).toHaveAttribute('role', 'tabpanel');
      expect(hidden).not.toBeVisible();
      expect(hidden).toBeEmptyDOMElement();
    }
  });

  it('moves the focus and the selection with ArrowRight, ArrowLeft, Home and End, wrapping at the ends', async () => {
    const user = userEvent.setup();
    render(<FeatureTabs />);
    await user.tab();
    expect(screen.getByRole('tab', { name: 'Felix AI Assistant' })).toHaveFocus();

    const expectSelected = (name: string, heading: string) => {
      const { tab, tabs, panel } = state('Demo features');
      expect(tab).toHaveTextContent(name);
      expect(tab).toHaveFocus();
      expect(tabs.filter((t) => t.tabIndex === 0)).toEqual([tab]);
      expect(screen.getAllByRole('tabpanel')).toEqual([panel]);
      expect(panel).toHaveAccessibleName(name);
      expect(within(panel!).getByRole('heading', { level: 3 })).toHaveTextContent(heading);
    };

    await user.keyboard('{ArrowRight}');
    expectSelected('AI Content Creation', 'From job notes to a finished post');
    await user.keyboard('{ArrowRight}');
    expectSelected('Smart Lead Management', 'Every lead scored, and the reasons shown');
    await user.keyboard('{ArrowLeft}');
    expectSelected('AI Content Creation', 'From job notes to a finished post');
    await user.keyboard('{End}');
    expectSelected('Business Analytics', 'Know which marketing actually pays');
    await user.keyboard('{ArrowRight}');
    expectSelected('Felix AI Assistant', 'Ask Felix what to do next');
    await user.keyboard('{ArrowLeft}');
    expectSelected('Business Analytics', 'Know which marketing actually pays');
    await user.keyboard('{Home}');
    expectSelected('Felix AI Assistant', 'Ask Felix what to do next');
    // Up and down do nothing in a horizontal tab list.
    await user.keyboard('{ArrowDown}');
    expectSelected('Felix AI Assistant', 'Ask Felix what to do next');

    // Tab leaves the tab list for the panel's first control: the demo player's Play button.
    await user.tab();
    expect(screen.getByRole('tabpanel')).toHaveFocus();
    await user.tab();
    expect(within(screen.getByRole('tabpanel')).getByRole('button', { name: 'Play' })).toHaveFocus();
  });

  it('selects a tab on click, showing its demo player', async () => {
    const user = userEvent.setup();
    render(<FeatureTabs />);
    await user.click(screen.getByRole('tab', { name: 'Business Analytics' }));
    const panel = screen.getByRole('tabpanel', { name: 'Business Analytics' });
    expect(within(panel).getByRole('progressbar', { name: 'Business Analytics demo progress' })).toHaveAttribute(
      'aria-valuenow',
      '0',
    );
  });
});

describe('IndustryTabs', () => {
  it('switches industries with the arrow keys, Home and End', async () => {
    const user = userEvent.setup();
    render(<IndustryTabs />);
    expect(state('Industries').tab).toHaveTextContent('HVAC');
    expect(screen.getByRole('tabpanel', { name: 'HVAC' })).toHaveTextContent('Searches we track for HVAC businesses');

    screen.getByRole('tab', { name: 'HVAC' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Plumbing' })).toHaveFocus();
    expect(screen.getByRole('tabpanel', { name: 'Plumbing' })).toHaveTextContent(
      'Searches we track for plumbing businesses',
    );
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Landscaping' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Book the season before it starts');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'HVAC' })).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Fill the shoulder seasons and win the emergencies');
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tabpanel', { name: 'Landscaping' })).toBeVisible();
    await user.keyboard('{Home}');
    expect(screen.getByRole('tabpanel', { name: 'HVAC' })).toBeVisible();
  });
});
