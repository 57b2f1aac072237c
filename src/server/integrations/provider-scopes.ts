import type { TProvider } from '#shared/connections.ts';

/**
 * Every call we make with an owner's OAuth grant (Google, Meta, X, LinkedIn), and the scopes or
 * permissions each needs, from the provider's own description: X's OpenAPI `security` per
 * operation (extracted in tests/contracts/x.json), Google's discovery documents and API
 * protos (`google.api.oauth_scopes`), Meta's and LinkedIn's reference pages. The connect flow
 * must ask for all of them (provider-scopes.test.ts checks ProviderDef.scopes against this), and
 * a refusal names the permission (ConnectionProblem.lacking). Kept in integrations/ because the
 * clients here look their own calls up; paths are templates without the configured base URL.
 */
export interface ScopedCall {
  /** "METHOD /path/{template}" as the provider documents it; a query is kept only to tell two reads of one path apart. */
  call: string;
  /** The file under src/server that makes it. */
  by: string;
  /** Every scope or permission the call needs (all of them); none for the OAuth endpoints themselves. */
  needs: readonly string[];
  /** What it does, as the owner reads it: "X does not let Fieldwise {what}". */
  what: string;
  /** Where `needs` comes from. */
  source: string;
}

const PROVIDERS_FILE = 'modules/connections/connections-providers.ts';
const OAUTH = 'the OAuth grant itself (RFC 6749 / 7009)';
const G = 'https://www.googleapis.com/auth/';
const GOOGLE_BUSINESS = `${G}business.manage`;
const GBP = 'https://developers.google.com/my-business/reference';
const X_SPEC = 'X OpenAPI (xdevplatform/xdk latest-openapi.json 2.159), security OAuth2UserToken of';
const GRAPH = 'https://developers.facebook.com/docs';
const LI = 'https://learn.microsoft.com/en-us/linkedin/marketing/community-management';

export const PROVIDER_CALLS: Record<TProvider, readonly ScopedCall[]> = {
  google: [
    { call: 'GET /o/oauth2/v2/auth', by: PROVIDERS_FILE, needs: [], what: 'sign in', source: OAUTH },
    { call: 'POST /token', by: PROVIDERS_FILE, needs: [], what: 'renew the sign-in', source: OAUTH },
    { call: 'POST /revoke', by: PROVIDERS_FILE, needs: [], what: 'disconnect', source: OAUTH },
    {
      call: 'GET /v1/accounts',
      by: PROVIDERS_FILE,
      needs: [GOOGLE_BUSINESS],
      what: 'list your Business Profile accounts',
      source: `${GBP}/accountmanagement/rest/v1/accounts/list (Authorization scopes)`,
    },
    {
      call: 'GET /v1/{parent=accounts/*}/locations',
      by: PROVIDERS_FILE,
      needs: [GOOGLE_BUSINESS],
      what: 'list your Business Profile locations',
      source: `${GBP}/businessinformation/rest/v1/accounts.locations/list (Authorization scopes)`,
    },
    {
      call: 'GET /v4/{parent=accounts/*/locations/*}/reviews',
      by: 'integrations/google-business/business-reviews-client.ts',
      needs: [GOOGLE_BUSINESS],
      what: 'read your reviews',
      source: `${GBP}/rest/v4/accounts.locations.reviews/list; tests/contracts/business-profile.json`,
    },
    {
      call: 'PUT /v4/{parent=accounts/*/locations/*}/reviews/{review}/reply',
      by: 'integrations/google-business/business-reviews-client.ts',
      needs: [GOOGLE_BUSINESS],
      what: 'reply to a review',
      source: `${GBP}/rest/v4/accounts.locations.reviews/updateReply ({name=accounts/*/locations/*/reviews/*}/reply)`,
    },
    {
      call: 'GET /v1beta/accountSummaries',
      by: 'integrations/ga4/ga4-admin-client.ts',
      needs: [`${G}analytics.readonly`],
      what: 'list your Analytics properties',
      source:
        'googleapis analytics/admin/v1beta/analytics_admin.proto oauth_scopes (analytics.edit or analytics.readonly)',
    },
    {
      call: 'POST /v1beta/properties/{property}:runReport',
      by: 'integrations/ga4/ga4-client.ts',
      needs: [`${G}analytics.readonly`],
      what: 'read your Analytics reports',
      source:
        'googleapis analytics/data/v1beta/analytics_data_api.proto oauth_scopes (analytics or analytics.readonly)',
    },
    {
      call: 'POST /v1beta/properties/{property}:runRealtimeReport',
      by: 'integrations/ga4/ga4-client.ts',
      needs: [`${G}analytics.readonly`],
      what: 'read your live Analytics figures',
      source:
        'googleapis analytics/data/v1beta/analytics_data_api.proto oauth_scopes (analytics or analytics.readonly)',
    },
    {
      call: 'GET /webmasters/v3/sites',
      by: 'integrations/search-console/search-console-client.ts',
      needs: [`${G}webmasters.readonly`],
      what: 'list your Search Console sites',
      source: 'searchconsole v1 discovery document, webmasters.sites.list scopes (webmasters or webmasters.readonly)',
    },
    {
      call: 'POST /webmasters/v3/sites/{siteUrl}/searchAnalytics/query',
      by: 'integrations/search-console/search-console-client.ts',
      needs: [`${G}webmasters.readonly`],
      what: 'read your search keywords',
      source: 'searchconsole v1 discovery document, webmasters.searchanalytics.query scopes',
    },
  ],
  meta: [
    { call: 'GET /dialog/oauth', by: PROVIDERS_FILE, needs: [], what: 'sign in', source: OAUTH },
    { call: 'POST /oauth/access_token', by: PROVIDERS_FILE, needs: [], what: 'sign in', source: OAUTH },
    {
      call: 'GET /me/accounts',
      by: PROVIDERS_FILE,
      needs: ['pages_show_list'],
      what: 'list your Facebook Pages',
      source: `${GRAPH}/graph-api/reference/user/accounts`,
    },
    {
      call: 'GET /me',
      by: PROVIDERS_FILE,
      needs: [],
      what: 'check the connection',
      source: `${GRAPH}/graph-api/reference/user`,
    },
    {
      call: 'DELETE /me/permissions',
      by: PROVIDERS_FILE,
      needs: [],
      what: 'disconnect',
      source: `${GRAPH}/graph-api/reference/user/permissions`,
    },
    {
      call: 'POST /{page-id}/feed',
      by: 'integrations/meta/meta-posts.ts',
      needs: ['pages_manage_posts', 'pages_read_engagement'],
      what: 'post on your Page',
      source: `${GRAPH}/graph-api/reference/page/feed (Publishing: pages_manage_posts, pages_read_engagement)`,
    },
    {
      call: 'POST /{page-id}/photos',
      by: 'integrations/meta/meta-posts.ts',
      needs: ['pages_manage_posts', 'pages_read_engagement'],
      what: 'post a photo on your Page',
      source: `${GRAPH}/graph-api/reference/page/photos`,
    },
    {
      call: 'GET /{page-id}/feed',
      by: 'integrations/meta/meta-posts.ts',
      needs: ['pages_read_engagement'],
      what: "read your Page's posts",
      source: `${GRAPH}/graph-api/reference/page/feed (Reading)`,
    },
    {
      call: 'GET /{page-id}?fields=instagram_business_account',
      by: 'integrations/meta/meta-posts.ts',
      needs: ['instagram_basic', 'pages_show_list'],
      what: 'find your Instagram account',
      source: `${GRAPH}/instagram-platform/instagram-api-with-facebook-login (Page's instagram_business_account)`,
    },
    {
      call: 'POST /{ig-user-id}/media',
      by: 'integrations/meta/meta-posts.ts',
      needs: ['instagram_basic', 'instagram_content_publish'],
      what: 'post on Instagram',
      source: `${GRAPH}/instagram-platform/content-publishing`,
    },
    {
      call: 'POST /{ig-user-id}/media_publish',
      by: 'integrations/meta/meta-posts.ts',
      needs: ['instagram_basic', 'instagram_content_publish'],
      what: 'post on Instagram',
      source: `${GRAPH}/instagram-platform/content-publishing`,
    },
    {
      call: 'GET /{ig-media-id}?fields=permalink',
      by: 'integrations/meta/meta-posts.ts',
      needs: ['instagram_basic'],
      what: "read your Instagram post's address",
      source: `${GRAPH}/instagram-platform/reference/instagram-media`,
    },
    {
      call: 'GET /{ig-user-id}/media',
      by: 'integrations/meta/meta-posts.ts',
      needs: ['instagram_basic'],
      what: 'read your Instagram posts',
      source: `${GRAPH}/instagram-platform/reference/instagram-user/media`,
    },
    {
      call: 'GET /{post-id}?fields=shares,comments,reactions',
      by: 'integrations/meta/meta-insights.ts',
      needs: ['pages_read_engagement'],
      what: "read your Page posts' likes, comments and shares",
      source: `${GRAPH}/graph-api/reference/pagepost`,
    },
    {
      call: 'GET /{post-id}/insights',
      by: 'integrations/meta/meta-insights.ts',
      needs: ['read_insights', 'pages_read_engagement'],
      what: "read your Page posts' reach, impressions and clicks",
      source: `${GRAPH}/graph-api/reference/insights; tests/contracts/meta.json (Page insights)`,
    },
    {
      call: 'GET /{ig-media-id}?fields=like_count,comments_count',
      by: 'integrations/meta/meta-insights.ts',
      needs: ['instagram_basic'],
      what: "read your Instagram posts' likes and comments",
      source: `${GRAPH}/instagram-platform/reference/instagram-media`,
    },
    {
      call: 'GET /{ig-media-id}/insights',
      by: 'integrations/meta/meta-insights.ts',
      needs: ['instagram_basic', 'instagram_manage_insights'],
      what: "read your Instagram posts' reach and views",
      source: `${GRAPH}/instagram-platform/insights; tests/contracts/meta.json (Instagram insights)`,
    },
    {
      call: 'GET /{page-id}?fields=followers_count,fan_count',
      by: 'integrations/meta/meta-insights.ts',
      needs: ['pages_read_engagement'],
      what: "read your Page's followers",
      source: `${GRAPH}/graph-api/reference/page (followers_count)`,
    },
    {
      call: 'GET /{page-id}?fields=instagram_business_account{followers_count}',
      by: 'integrations/meta/meta-insights.ts',
      needs: ['instagram_basic', 'pages_read_engagement'],
      what: "read your Instagram account's followers",
      source: `${GRAPH}/instagram-platform/reference/instagram-user (followers_count)`,
    },
  ],
  x: [
    { call: 'GET /i/oauth2/authorize', by: PROVIDERS_FILE, needs: [], what: 'sign in', source: OAUTH },
    { call: 'POST /2/oauth2/token', by: PROVIDERS_FILE, needs: [], what: 'renew the sign-in', source: OAUTH },
    { call: 'POST /2/oauth2/revoke', by: PROVIDERS_FILE, needs: [], what: 'disconnect', source: OAUTH },
    {
      call: 'GET /2/users/me',
      by: PROVIDERS_FILE,
      needs: ['tweet.read', 'users.read'],
      what: 'read your X account',
      source: `${X_SPEC} getUsersMe`,
    },
    {
      call: 'POST /2/tweets',
      by: 'integrations/x/x-posts.ts',
      needs: ['tweet.read', 'tweet.write', 'users.read'],
      what: 'post on X',
      source: `${X_SPEC} createPosts`,
    },
    {
      call: 'POST /2/media/upload',
      by: 'integrations/x/x-posts.ts',
      needs: ['media.write'],
      what: "upload the post's image",
      source: `${X_SPEC} mediaUpload`,
    },
    {
      call: 'GET /2/users/{id}/tweets',
      by: 'integrations/x/x-posts.ts',
      needs: ['tweet.read', 'users.read'],
      what: 'read your posts',
      source: `${X_SPEC} getUsersPosts`,
    },
    {
      call: 'GET /2/tweets',
      by: 'integrations/x/x-metrics.ts',
      needs: ['tweet.read', 'users.read'],
      what: "read your posts' figures",
      source: `${X_SPEC} getPostsByIds`,
    },
  ],
  linkedin: [
    { call: 'GET /oauth/v2/authorization', by: PROVIDERS_FILE, needs: [], what: 'sign in', source: OAUTH },
    { call: 'POST /oauth/v2/accessToken', by: PROVIDERS_FILE, needs: [], what: 'renew the sign-in', source: OAUTH },
    { call: 'POST /oauth/v2/revoke', by: PROVIDERS_FILE, needs: [], what: 'disconnect', source: OAUTH },
    {
      call: 'GET /rest/organizationAcls?q=roleAssignee',
      by: PROVIDERS_FILE,
      needs: ['rw_organization_admin'],
      what: 'list the pages you administer',
      source: `${LI}/organizations/organization-access-control (Permissions)`,
    },
    {
      call: 'GET /rest/organizations/{id}',
      by: PROVIDERS_FILE,
      needs: ['rw_organization_admin'],
      what: "read your page's name",
      source: `${LI}/organizations/organization-lookup-api (administered organizations)`,
    },
    {
      call: 'POST /rest/posts',
      by: 'integrations/linkedin/linkedin-posts.ts',
      needs: ['w_organization_social'],
      what: 'post on your page',
      source: `${LI}/shares/posts-api (Permissions)`,
    },
    {
      call: 'GET /rest/posts?q=author',
      by: 'integrations/linkedin/linkedin-posts.ts',
      needs: ['r_organization_social'],
      what: "read your page's posts",
      source: `${LI}/shares/posts-api (Find Posts by Authors)`,
    },
    {
      call: 'POST /rest/images?action=initializeUpload',
      by: 'integrations/linkedin/linkedin-posts.ts',
      needs: ['w_organization_social'],
      what: "upload the post's image",
      source: `${LI}/shares/images-api (Permissions)`,
    },
    {
      call: 'GET /rest/organizationalEntityShareStatistics',
      by: 'integrations/linkedin/linkedin-stats.ts',
      needs: ['rw_organization_admin'],
      what: "read your posts' figures",
      source: `${LI}/organizations/share-statistics (Permissions)`,
    },
    {
      call: 'GET /rest/networkSizes/{urn}',
      by: 'integrations/linkedin/linkedin-stats.ts',
      needs: ['rw_organization_admin'],
      what: "read your page's followers",
      source: `${LI}/organizations/organization-lookup-api (Retrieve Organization Follower Count)`,
    },
  ],
};

/** The entry of a call we make (a typo is a programming error, so it throws). */
export function scopedCall(provider: TProvider, call: string): ScopedCall {
  const found = PROVIDER_CALLS[provider].find((c) => c.call === call);
  if (!found) throw new Error(`${provider} ${call} is not in PROVIDER_CALLS`);
  return found;
}
