import { describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';

describe('security configuration', () => {
  it('reads OUTBOUND_ALLOW as host names, addresses and CIDR ranges, empty by default', () => {
    expect(loadConfig({}).outboundAllow).toEqual([]);
    expect(loadConfig({ OUTBOUND_ALLOW: '' }).outboundAllow).toEqual([]);
    expect(loadConfig({ OUTBOUND_ALLOW: ' WP.lan, 192.168.1.0/24,127.0.0.1 ,fd00::/8' }).outboundAllow).toEqual([
      'wp.lan',
      '192.168.1.0/24',
      '127.0.0.1',
      'fd00::/8',
    ]);
    expect(() => loadConfig({ OUTBOUND_ALLOW: 'http://wp.lan' })).toThrow(
      /OUTBOUND_ALLOW: must be a comma-separated list of host names, IP addresses or CIDR ranges/,
    );
    expect(() => loadConfig({ OUTBOUND_ALLOW: '10.0.0.0/99' })).toThrow(/OUTBOUND_ALLOW/);
  });

  it('wants a long APP_SECRET when one is given, and API base URLs without a trailing slash', () => {
    expect(() => loadConfig({ APP_SECRET: 'short' })).toThrow(/APP_SECRET: must be at least 32 characters/);
    const config = loadConfig({
      TWILIO_API_BASE_URL: 'http://127.0.0.1:9999/',
      GODADDY_OTE_BASE_URL: 'http://127.0.0.1:9998',
    });
    expect(config.twilioBaseUrl).toBe('http://127.0.0.1:9999');
    expect(config.godaddyBaseUrl).toEqual({ production: 'https://api.godaddy.com', sandbox: 'http://127.0.0.1:9998' });
    expect(() => loadConfig({ TWILIO_API_BASE_URL: 'api.twilio.com' })).toThrow(
      /TWILIO_API_BASE_URL: must be a full URL/,
    );
  });
});
