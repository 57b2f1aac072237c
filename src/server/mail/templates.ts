// Plain-text and simple HTML bodies for account mail. Every value put into HTML is escaped.
const PRODUCT = 'Fieldwise';

/**
 * Who a business's mail comes from: a white-label business's own name, colour and logo, else
 * ours. Mail about the person's own account (verification, reset) always says Fieldwise.
 */
export interface MailBrand {
  name: string;
  /** #rrggbb, already checked when the white-label settings were saved. */
  color: string;
  /** An https image address, or null. */
  logoUrl: string | null;
}
export const DEFAULT_MAIL_BRAND: MailBrand = { name: PRODUCT, color: '#2563eb', logoUrl: null };

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

function layout(
  paragraphs: string[],
  action: { label: string; url: string },
  footer: string,
  brand: MailBrand = DEFAULT_MAIL_BRAND,
): { text: string; html: string } {
  const text = [...paragraphs, '', `${action.label}: ${action.url}`, '', footer, '', `— ${brand.name}`].join('\n');
  const heading = brand.logoUrl
    ? `<img src="${escapeHtml(brand.logoUrl)}" alt="${escapeHtml(brand.name)}" style="max-height:48px;max-width:240px">`
    : escapeHtml(brand.name);
  const html = `<!doctype html><html><body style="margin:0;background:#f8fafc;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
<div style="max-width:520px;margin:0 auto;padding:32px 24px">
<p style="font-size:20px;font-weight:bold;color:${brand.color};margin:0 0 24px">${heading}</p>
${paragraphs.map((p) => `<p style="font-size:15px;line-height:1.5;margin:0 0 16px">${escapeHtml(p)}</p>`).join('\n')}
<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:${brand.color};color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;font-weight:bold;display:inline-block">${escapeHtml(action.label)}</a></p>
<p style="font-size:13px;color:#475569;line-height:1.5;margin:0 0 8px">If the button does not work, copy this link into your browser:<br>${escapeHtml(action.url)}</p>
<p style="font-size:13px;color:#475569;line-height:1.5">${escapeHtml(footer)}</p>
</div></body></html>`;
  return { text, html };
}

export function verificationMail(firstName: string | null, url: string): RenderedMail {
  return {
    subject: `Confirm your email for ${PRODUCT}`,
    ...layout(
      [
        `Hi ${firstName ?? 'there'},`,
        `Please confirm your email address so ${PRODUCT} can send you lead alerts, review notifications and password resets.`,
      ],
      { label: 'Verify my email', url },
      'This link works for 24 hours. If you did not create an account, you can ignore this email.',
    ),
  };
}

export function passwordResetMail(firstName: string | null, url: string): RenderedMail {
  return {
    subject: `Reset your ${PRODUCT} password`,
    ...layout(
      [`Hi ${firstName ?? 'there'},`, 'Someone (hopefully you) asked to reset the password of your account.'],
      { label: 'Choose a new password', url },
      'This link works for 30 minutes and only once. If you did not ask for it, ignore this email: your password stays the same.',
    ),
  };
}

export function onboardingPlanMail(
  businessName: string,
  recommendations: {
    title: string;
    description: string;
    priority: string;
    estimatedImpact: string;
    setupTime: string;
  }[],
  url: string,
): RenderedMail {
  const items = recommendations.map(
    (r, i) =>
      `${i + 1}. ${r.title} (${r.priority} priority) — ${r.description} Impact: ${r.estimatedImpact}. Setup: ${r.setupTime}.`,
  );
  return {
    subject: `Your ${PRODUCT} marketing plan for ${businessName}`,
    ...layout(
      [`Here is the marketing plan we put together for ${businessName}:`, ...items],
      { label: `Open ${PRODUCT}`, url },
      'You received this because someone asked to email this plan from the Fieldwise onboarding page.',
    ),
  };
}

export function invitationMail(
  input: { businessName: string; inviterName: string | null; role: string; url: string },
  brand = DEFAULT_MAIL_BRAND,
): RenderedMail {
  const who = input.inviterName ?? 'The admin';
  return {
    subject: `${who} invited you to ${input.businessName} on ${brand.name}`,
    ...layout(
      [
        'Hi there,',
        `${who} invited you to join ${input.businessName} on ${brand.name} as ${input.role === 'admin' ? 'an' : 'a'} ${input.role}.`,
      ],
      { label: 'Accept the invitation', url: input.url },
      'This link works for 7 days and only once. If you did not expect it, you can ignore this email.',
      brand,
    ),
  };
}

export function paymentFailedMail(
  input: { businessName: string; graceEndsAt: Date; url: string },
  brand = DEFAULT_MAIL_BRAND,
): RenderedMail {
  const until = input.graceEndsAt.toISOString().slice(0, 10);
  return {
    subject: `Payment failed for ${input.businessName} on ${brand.name}`,
    ...layout(
      [
        'Hi there,',
        `We could not charge the card on file for ${input.businessName}.`,
        `Your plan keeps working until ${until}. Please update your payment method before then; nothing is deleted either way.`,
      ],
      { label: 'Update payment method', url: input.url },
      'Stripe will also retry the payment automatically.',
      brand,
    ),
  };
}

export function trialEndingMail(
  input: { businessName: string; trialEndsAt: Date; url: string },
  brand = DEFAULT_MAIL_BRAND,
): RenderedMail {
  const on = input.trialEndsAt.toISOString().slice(0, 10);
  return {
    subject: `Your ${brand.name} trial ends on ${on}`,
    ...layout(
      [
        'Hi there,',
        `The free trial of ${input.businessName} ends on ${on}. Add a payment method to keep your plan; without one the business moves to the free limits and keeps all its data.`,
      ],
      { label: 'Review billing', url: input.url },
      'You can change or cancel the plan at any time from Settings → Billing.',
      brand,
    ),
  };
}

/** One mail per connection problem (issue 14): what broke, in plain English, and the one fix. */
export function connectionProblemMail(
  firstName: string | null,
  problem: { provider: string; reason: string; message: string; action: string },
  url: string,
  brand = DEFAULT_MAIL_BRAND,
): RenderedMail {
  return {
    subject: `${problem.action}: ${brand.name} lost its connection to ${problem.provider}`,
    ...layout(
      [`Hi ${firstName ?? 'there'},`, problem.message, `Until then, anything that needs ${problem.provider} waits.`],
      { label: problem.action, url },
      `You get this once per problem, not for every failed attempt. ${brand.name} keeps checking the connection daily.`,
      brand,
    ),
  };
}

/** The Monday report (analytics): last week's traffic, conversions and top source, with a link to the full report. */
export function weeklyReportMail(
  firstName: string | null,
  report: {
    businessName: string;
    period: string;
    traffic: string;
    conversions: string;
    rate: string;
    topSource: string | null;
    /** The AI Coach's top current insights: title, the figures it cites, and its action's full link. */
    insights?: { title: string; figures: string; action: string; url: string }[];
  },
  url: string,
  brand = DEFAULT_MAIL_BRAND,
): RenderedMail {
  const insights = report.insights ?? [];
  return {
    subject: `${report.businessName}: your website last week`,
    ...layout(
      [
        `Hi ${firstName ?? 'there'},`,
        `Here is ${report.businessName}'s website report for ${report.period}.`,
        `Visits: ${report.traffic}. Conversions: ${report.conversions} (conversion rate ${report.rate}).`,
        ...(report.topSource ? [`Most visitors came from ${report.topSource}.`] : []),
        ...(insights.length
          ? [
              'Your AI Coach’s top insights:',
              ...insights.map((i, n) => `${n + 1}. ${i.title} (${i.figures}). ${i.action}: ${i.url}`),
            ]
          : []),
      ],
      { label: 'Open the full report', url },
      'You get this every Monday morning. Turn it off in Settings → Notifications.',
      brand,
    ),
  };
}

/**
 * The Monday mail of a business without Google Analytics: the week from its own data (leads,
 * jobs won and their value by source, reviews, posts published), the AI Coach's top insights, and
 * what connecting Google adds. Every figure is the business's own, already formatted.
 */
export function weeklyOwnReportMail(
  firstName: string | null,
  week: {
    businessName: string;
    period: string;
    leads: string;
    converted: string;
    revenue: string;
    /** Revenue by source, highest first, e.g. "Landing page: $1,200 from 2 jobs". */
    sources: string[];
    reviews: string;
    posts: string;
    insights: { title: string; figures: string; action: string; url: string }[];
  },
  url: string,
  brand = DEFAULT_MAIL_BRAND,
): RenderedMail {
  return {
    subject: `${week.businessName}: your week in numbers`,
    ...layout(
      [
        `Hi ${firstName ?? 'there'},`,
        `Here is ${week.businessName}'s report for ${week.period}, from its own leads, reviews and posts.`,
        `New leads: ${week.leads}. Jobs won: ${week.converted}, worth ${week.revenue}.`,
        ...(week.sources.length ? ['Revenue by source:', ...week.sources.map((s) => `- ${s}`)] : []),
        `Reviews: ${week.reviews}. Posts published: ${week.posts}.`,
        ...(week.insights.length
          ? [
              'Your AI Coach’s top insights:',
              ...week.insights.map((i, n) => `${n + 1}. ${i.title} (${i.figures}). ${i.action}: ${i.url}`),
            ]
          : []),
        'Connect Google in Settings → Connections to add your website visits and the searches that found you.',
      ],
      { label: 'Open the full report', url },
      'You get this every Monday morning. Turn it off in Settings → Notifications.',
      brand,
    ),
  };
}

/** A review request after a job (reviews): from the business itself, with its tracked review link. */
export function reviewRequestMail(
  input: { customerFirstName: string; businessName: string; url: string; unsubscribeUrl: string },
  brand: MailBrand,
): RenderedMail {
  const body = layout(
    [
      `Hi ${input.customerFirstName},`,
      `Thank you for choosing ${input.businessName}. If you were happy with the work, would you take a minute to leave us a review on Google? It helps neighbours find a business they can trust.`,
    ],
    { label: 'Leave a Google review', url: input.url },
    `You received this one-time email because ${input.businessName} recently did a job for you. We will not ask again for at least 90 days.`,
    brand,
  );
  // One click, no sign-in: the link records the opt-out for this address.
  const unsubscribe = `Don't want review requests from ${input.businessName}? Unsubscribe`;
  return {
    subject: `How did we do? A quick review for ${input.businessName}`,
    text: `${body.text}\n\n${unsubscribe}: ${input.unsubscribeUrl}`,
    html: body.html.replace(
      '</div></body></html>',
      `<p style="font-size:12px;color:#64748b;line-height:1.5">${escapeHtml(unsubscribe)}: <a href="${escapeHtml(input.unsubscribeUrl)}" style="color:#64748b">${escapeHtml(input.unsubscribeUrl)}</a></p>\n</div></body></html>`,
    ),
  };
}
