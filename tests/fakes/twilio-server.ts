// A local HTTP server speaking Twilio's account lookup:
// GET /2010-04-01/Accounts/{Sid}.json with Basic auth {AccountSid}:{AuthToken}, Twilio's error shape.
import type { ServerResponse } from 'node:http';
import { basicCredentials, listen, type Listening } from './listen.ts';

export interface FakeTwilioOptions {
  accountSid?: string;
  authToken?: string;
  friendlyName?: string;
  status?: 'active' | 'suspended' | 'closed';
}

export interface FakeTwilio extends Listening {
  options: Required<FakeTwilioOptions>;
}

export async function startFakeTwilio(opts: FakeTwilioOptions = {}): Promise<FakeTwilio> {
  const options: Required<FakeTwilioOptions> = {
    accountSid: `AC${'0123456789abcdef'.repeat(2)}`,
    authToken: 'f00dfeedf00dfeedf00dfeedf00dfeed',
    friendlyName: 'Acme Plumbing',
    status: 'active',
    ...opts,
  };
  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  };
  const error = (res: ServerResponse, status: number, code: number, message: string) =>
    send(res, status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });

  const server = await listen((req, res) => {
    const m = /^\/2010-04-01\/Accounts\/([^/]+)\.json$/.exec(new URL(req.url ?? '/', 'http://fake').pathname);
    const given = basicCredentials(req.headers.authorization);
    if (!given || given.user !== options.accountSid || given.password !== options.authToken)
      return error(res, 401, 20003, 'Authenticate');
    if (!m || decodeURIComponent(m[1] ?? '') !== options.accountSid)
      return error(res, 404, 20404, 'The requested resource was not found');
    send(res, 200, {
      sid: options.accountSid,
      friendly_name: options.friendlyName,
      status: options.status,
      type: 'Full',
      owner_account_sid: options.accountSid,
      auth_token: options.authToken,
      date_created: 'Thu, 12 Mar 2026 17:02:11 +0000',
      uri: `/2010-04-01/Accounts/${options.accountSid}.json`,
    });
  });
  return { ...server, options };
}
