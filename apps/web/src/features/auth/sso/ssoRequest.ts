import type { SsoAuthorize } from '@yuan/contract';

/**
 * The authorization request an application put in the address. client_id and redirect_uri are required; state and
 * response_type travel only when given. The server checks the client and its registered redirect.
 */
export function readSsoRequest(params: URLSearchParams): SsoAuthorize | null {
  const clientId = params.get('client_id')?.trim() ?? '';
  const redirectUri = params.get('redirect_uri')?.trim() ?? '';
  if (!clientId || !redirectUri) {
    return null;
  }
  const request: SsoAuthorize = { client_id: clientId, redirect_uri: redirectUri };
  const state = params.get('state');
  if (state) {
    request.state = state;
  }
  const responseType = params.get('response_type');
  if (responseType) {
    // An unsupported type is left for the server to refuse with its own message.
    request.response_type = responseType as SsoAuthorize['response_type'];
  }
  return request;
}
