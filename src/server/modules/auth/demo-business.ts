/**
 * The demo business the first start creates (modules/demo), by its slug: the session marks it as
 * the demo and its areas show their samples. Kept here, below the demo module, so the areas that
 * ask need not import it.
 */
export const DEMO_TENANT_SLUG = 'demo-heating-cooling';
export const DEMO_BUSINESS_NAME = 'Demo Heating & Cooling';
