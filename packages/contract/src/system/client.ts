import { defineResource } from '../resource.ts';

/** OAuth clients the token endpoint authenticates; secrets are stored hashed and never returned. */
export const clientResource = defineResource({
  name: 'client',
  basePath: '/api/yuan-system/client',
  table: 'yuan_client',
  perm: 'client',
  tenantScoped: false,
  platformOnly: true,
  title: ['应用', 'Client'],
  fields: {
    clientId: {
      column: 'client_id',
      kind: 'string',
      label: ['应用ID', 'Client id'],
      required: true,
      max: 64,
      search: 'like',
      unique: true,
    },
    clientSecret: {
      column: 'client_secret',
      kind: 'string',
      label: ['应用密钥', 'Client secret'],
      max: 128,
      writeOnly: true,
    },
    scope: { column: 'scope', kind: 'string', label: ['授权范围', 'Scope'], required: true, max: 255 },
    authorizedGrantTypes: {
      column: 'authorized_grant_types',
      kind: 'string',
      label: ['授权类型', 'Grant types'],
      required: true,
    },
    webServerRedirectUri: {
      column: 'web_server_redirect_uri',
      kind: 'string',
      label: ['回调地址', 'Redirect URI'],
    },
    authorities: { column: 'authorities', kind: 'string', label: ['权限', 'Authorities'] },
    accessTokenValidity: {
      column: 'access_token_validity',
      kind: 'int',
      label: ['令牌过期秒数', 'Access token validity (s)'],
      required: true,
      min: 60,
      max: 86_400 * 30,
    },
    refreshTokenValidity: {
      column: 'refresh_token_validity',
      kind: 'int',
      label: ['刷新令牌过期秒数', 'Refresh token validity (s)'],
      required: true,
      min: 60,
      max: 86_400 * 365,
    },
    additionalInformation: {
      column: 'additional_information',
      kind: 'text',
      label: ['附加说明', 'Additional information'],
      max: 4096,
      list: false,
    },
    autoapprove: { column: 'autoapprove', kind: 'string', label: ['自动授权', 'Auto approve'], list: false },
  },
});
