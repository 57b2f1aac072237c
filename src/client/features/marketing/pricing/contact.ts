// Contact Sales and Schedule Personal Demo open the visitor's mail program.
export const SALES_EMAIL = 'sales@fieldwise.app';

function mailto(subject: string, body: string): string {
  return `mailto:${SALES_EMAIL}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

export const CONTACT_SALES_HREF = mailto(
  'Fieldwise Enterprise',
  'Hi Fieldwise team,\n\nWe are interested in the Enterprise plan.\n\nCompany:\nTrade:\nNumber of locations:\nTeam size:\n',
);

export const PERSONAL_DEMO_HREF = mailto(
  'Schedule a personal Fieldwise demo',
  'Hi Fieldwise team,\n\nI would like a personal demo.\n\nCompany:\nTrade:\nBest days and times:\n',
);
