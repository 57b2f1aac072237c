import { describe, expect, it } from 'vitest';
import { connectionProblemMail, invitationMail } from './templates.ts';

const invite = {
  businessName: 'Peak Comfort HVAC',
  inviterName: 'Dana Reyes',
  role: 'user',
  url: 'https://app.example/invite/x',
};

describe('branded mail', () => {
  it('uses the business brand: name in subject and signature, its colour on the button, its logo as the heading', () => {
    const mail = invitationMail(invite, {
      name: 'Peak Comfort Pros',
      color: '#0f766e',
      logoUrl: 'https://cdn.example/l.png',
    });
    expect(mail.subject).toBe('Dana Reyes invited you to Peak Comfort HVAC on Peak Comfort Pros');
    expect(mail.text.endsWith('— Peak Comfort Pros')).toBe(true);
    expect(mail.html).toContain('background:#0f766e');
    expect(mail.html).toContain('<img src="https://cdn.example/l.png" alt="Peak Comfort Pros"');
    expect(`${mail.subject}${mail.text}${mail.html}`).not.toContain('Fieldwise');
  });

  it('says Fieldwise without a brand, and escapes a brand name in the HTML', () => {
    expect(invitationMail(invite).subject).toMatch(/on Fieldwise$/);
    const mail = connectionProblemMail(
      'Dana',
      { provider: 'Google', reason: 'revoked', message: 'Access was revoked.', action: 'Reconnect Google' },
      'https://app.example/settings',
      { name: '<b>Pros</b>', color: '#0f766e', logoUrl: null },
    );
    expect(mail.html).toContain('&lt;b&gt;Pros&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>Pros</b>');
  });
});
