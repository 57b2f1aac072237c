import { publishFacebook, publishInstagram } from '#server/integrations/meta/meta-posts.ts';
import { publishTweet } from '#server/integrations/x/x-posts.ts';
import { publishLinkedin } from '#server/integrations/linkedin/linkedin-posts.ts';
import { deleteGraphObject, deleteLinkedinPost, deleteTweet } from '#server/integrations/social-delete.ts';
import type { PublishedPost } from '#server/integrations/social-publish.ts';
import type { SmokeContext } from './smoke-checks.ts';
import { SmokeSkip } from './smoke-report.ts';
import type { TokenAccess } from './smoke-sources.ts';

/**
 * `--post`: a test post to each connected network with the app's own publishing functions (the
 * ones the publish job calls), then deleted again (social-delete.ts: the app itself never
 * deletes). A post whose delete fails is named with its link, for the operator to remove by hand.
 */

interface Network {
  provider: 'meta' | 'x' | 'linkedin';
  /** The call names: `${label}post`, `${label}delete`. */
  label: string;
  publish(token: string, accountId: string | null): Promise<PublishedPost>;
  remove(token: string, id: string): Promise<void>;
}

const needs = (accountId: string | null, what: string): string => {
  if (!accountId) throw new SmokeSkip(`no ${what} chosen in Settings → Connections`);
  return accountId;
};

async function publishAndDelete(ctx: SmokeContext, network: Network, access: TokenAccess | undefined): Promise<void> {
  const { report } = ctx;
  const { provider, label } = network;
  if (!access) return report.skip(`${provider} ${label}post`);
  // A token or account that fails a read would leave a post's outcome unclear: nothing is posted.
  if (report.failedProviders.has(provider)) return report.skip(`${provider} ${label}post`, 'a call above failed');
  let made: PublishedPost | null = null;
  await report.call(provider, `${label}post`, async () => {
    made = await access.use((token) => network.publish(token, access.accountId));
  });
  const post = made as PublishedPost | null;
  if (!post) return;
  const deleted = await report.call(provider, `${label}delete`, () =>
    access.use((token) => network.remove(token, post.externalId)),
  );
  if (!deleted) report.line(`     the test post ${post.url ?? post.externalId} is still up: delete it by hand`);
}

export async function postChecks(ctx: SmokeContext, imageUrl: string | null): Promise<void> {
  const { config, sources, http } = ctx;
  const c = config.connections;
  // A new text each run: X refuses a post that repeats a recent one.
  const text = `Fieldwise connection check ${new Date().toISOString()}. This test post is deleted again right away.`;
  const graphDelete = (token: string, id: string) => deleteGraphObject(c.meta, token, id, http);
  await publishAndDelete(
    ctx,
    {
      provider: 'meta',
      label: 'facebook ',
      publish: (token, page) => publishFacebook(c.meta, token, needs(page, 'Facebook Page'), { text }, http),
      remove: graphDelete,
    },
    sources.tokens.meta,
  );
  if (sources.tokens.meta && !imageUrl)
    ctx.report.skip('meta instagram post', 'Instagram takes no post without an image: add --image-url https://…');
  else
    await publishAndDelete(
      ctx,
      {
        provider: 'meta',
        label: 'instagram ',
        publish: (token, page) =>
          publishInstagram(c.meta, token, needs(page, 'Facebook Page'), { text, imageUrl }, http),
        remove: graphDelete,
      },
      sources.tokens.meta,
    );
  await publishAndDelete(
    ctx,
    {
      provider: 'x',
      label: '',
      publish: (token) => publishTweet(c.x, token, { text }, http),
      remove: (token, id) => deleteTweet(c.x, token, id, http),
    },
    sources.tokens.x,
  );
  await publishAndDelete(
    ctx,
    {
      provider: 'linkedin',
      label: '',
      publish: (token, org) => publishLinkedin(c.linkedin, token, needs(org, 'LinkedIn organization'), { text }, http),
      remove: (token, urn) => deleteLinkedinPost(c.linkedin, token, urn, http),
    },
    sources.tokens.linkedin,
  );
}
