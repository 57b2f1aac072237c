import { describe, expect, it } from 'vitest';
import { replyTokenOf, stripQuotedReply } from './reply-address.ts';

describe('stripQuotedReply', () => {
  it('keeps the words above the quoted history of the usual mail programs', () => {
    const gmail =
      'Thursday works.\n\nOn Mon, Nov 23, 2026 at 9:00 AM Ace Plumbing <\nreply+x@r.test> wrote:\n> When suits you?';
    expect(stripQuotedReply(gmail)).toBe('Thursday works.');
    const wrapped = 'Yes please\r\n\r\nOn Mon, 23 Nov 2026, 09:00 Ace Plumbing\r\n<a@b.test> wrote:\r\n\r\n> old';
    expect(stripQuotedReply(wrapped)).toBe('Yes please');
    const outlook = 'Sounds good\n\nFrom: Ace Plumbing <a@b.test>\nSent: Monday, November 23, 2026 9:00 AM\nTo: me';
    expect(stripQuotedReply(outlook)).toBe('Sounds good');
    expect(stripQuotedReply('Ok\n\n-----Original Message-----\nFrom: x')).toBe('Ok');
    expect(stripQuotedReply('See you then\n-- \nDana Reyes\nSent from my phone')).toBe('See you then');
    expect(stripQuotedReply('Great\n\n> quoted line\n> another')).toBe('Great');
  });

  it('keeps a reply written between quoted lines, and a message that would be left empty', () => {
    const interleaved = '> Which day?\nFriday\n> What time?\nMorning';
    expect(stripQuotedReply(interleaved)).toBe(interleaved);
    expect(stripQuotedReply('> only a quote')).toBe('> only a quote');
    expect(stripQuotedReply('From: the start of a line, no header below it\nreally')).toContain('really');
  });
});

describe('replyTokenOf', () => {
  const token = 'a'.repeat(30);
  it('reads the token of our reply address only', () => {
    expect(replyTokenOf(`Reply+${token.toUpperCase()}@R.test`, 'r.test')).toBe(token);
    expect(replyTokenOf(`reply+${token}@other.test`, 'r.test')).toBeNull();
    expect(replyTokenOf('shop@r.test', 'r.test')).toBeNull();
    expect(replyTokenOf(`reply+${token}1@r.test`, 'r.test')).toBeNull();
  });
});
