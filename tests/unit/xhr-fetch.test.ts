import { afterEach, describe, expect, it, vi } from 'vitest';
import { xhrFetch } from '../../src/lib/data/xhr-fetch';

/** A stand-in XMLHttpRequest: records what is sent and lets the test play the network's part. */
class FakeXhr {
  static last: FakeXhr;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  responseType = '';
  status = 0;
  statusText = '';
  response: unknown = null;
  responseHeaders = '';
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  getAllResponseHeaders() {
    return this.responseHeaders;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
}

afterEach(() => vi.unstubAllGlobals());

describe('xhrFetch', () => {
  it('envia método, URL, cabeçalhos e corpo, relata o progresso do envio e devolve a resposta como fetch', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const progress: number[][] = [];
    const body = new Blob(['abc']);
    const pending = xhrFetch((sent, total) => progress.push([sent, total]))('https://api.test/storage/v1/object/b/k', {
      method: 'POST',
      headers: { authorization: 'Bearer t', 'x-upsert': 'false' },
      body,
    });
    const xhr = FakeXhr.last;
    expect([xhr.method, xhr.url, xhr.body]).toEqual(['POST', 'https://api.test/storage/v1/object/b/k', body]);
    expect(xhr.headers).toEqual({ authorization: 'Bearer t', 'x-upsert': 'false' });
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 3 });
    xhr.upload.onprogress?.({ lengthComputable: false, loaded: 2, total: 0 });
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 3, total: 3 });
    Object.assign(xhr, {
      status: 409,
      statusText: 'Conflict',
      response: new Blob(['{"statusCode":"409","message":"The resource already exists"}']),
      responseHeaders: 'content-type: application/json\r\nx-a: 1\r\n',
    });
    xhr.onload?.();
    const res = await pending;
    expect(progress).toEqual([
      [1, 3],
      [3, 3],
    ]);
    expect(res.status).toBe(409);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(await res.json()).toEqual({ statusCode: '409', message: 'The resource already exists' });
  });

  it('uma falha de rede rejeita com TypeError, como fetch', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const pending = xhrFetch(() => {})(new URL('https://api.test/x'), { method: 'POST', body: 'x' });
    FakeXhr.last.onerror?.();
    await expect(pending).rejects.toBeInstanceOf(TypeError);
  });
});
