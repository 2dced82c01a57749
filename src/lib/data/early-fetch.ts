// A fetch middleware for the REST client: a request the page's early-requests script already sent (same method, URL,
// headers and body, same token) takes that answer, once, instead of going out again.
import { requestKey, takeEarlyResponse } from './early-requests';

export function takeEarlyAnswers(send: typeof fetch): typeof fetch {
  return (input, init) => {
    const body = init?.body == null ? null : typeof init.body === 'string' ? init.body : undefined;
    if (body !== undefined && !(input instanceof Request)) {
      const headers = new Headers(init?.headers);
      const early = takeEarlyResponse(requestKey(init?.method ?? 'GET', String(input), headers, body), headers.get('Authorization') ?? '');
      // A failed early request (offline for a moment) is asked again, as the screen would have.
      if (early) return early.catch(() => send(input, init));
    }
    return send(input, init);
  };
}
