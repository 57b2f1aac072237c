/**
 * The demo business the first start creates (src/server/demo/), by its slug: the session marks
 * it as the demo and its social figures as samples. Kept here, below the demo seeding, so the
 * areas that ask need not import the seeding.
 */
export const DEMO_TENANT_SLUG = 'demo-heating-cooling';
