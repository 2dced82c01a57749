// A fetch made of XMLHttpRequest, for the one thing fetch cannot do in browsers: report how many bytes of a request
// body were sent. Storage uploads use it so each file shows its own progress; everything else uses fetch.

/** Called while a body is sent: bytes sent so far and the body's size. */
export type UploadProgress = (sent: number, total: number) => void;

function parseHeaders(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return headers;
}

/** A fetch whose request body's progress goes to `onProgress`. A network failure rejects with a TypeError, as fetch does. */
export function xhrFetch(onProgress: UploadProgress): typeof fetch {
  return (input, init) =>
    new Promise<Response>((resolve, reject) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const xhr = new XMLHttpRequest();
      xhr.open(init?.method ?? 'GET', url);
      new Headers(init?.headers).forEach((value, name) => xhr.setRequestHeader(name, value));
      xhr.responseType = 'blob';
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable) onProgress(e.loaded, e.total);
      };
      xhr.onload = () => {
        const status = xhr.status;
        const body = status === 204 || status === 304 ? null : (xhr.response as Blob);
        resolve(new Response(body, { status, statusText: xhr.statusText, headers: parseHeaders(xhr.getAllResponseHeaders()) }));
      };
      xhr.onerror = () => reject(new TypeError('Failed to fetch'));
      xhr.ontimeout = () => reject(new TypeError('Failed to fetch'));
      xhr.onabort = () => reject(new DOMException('The operation was aborted.', 'AbortError'));
      init?.signal?.addEventListener('abort', () => xhr.abort());
      xhr.send((init?.body ?? null) as XMLHttpRequestBodyInit | null);
    });
}
