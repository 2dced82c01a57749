// Signed and public URLs: a signed URL is issued only to a caller the policies let read the object, serves the bytes
// to anyone until it expires, and is refused when expired, tampered with or presented for another object.
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { binary, PRIVATE, PUBLIC, rawRequest, startStorageWorld, type StorageWorld } from './storage-fixture.ts';

let w: StorageWorld;
let key: string;
const data = binary(5000, 9);
beforeAll(async () => {
  w = await startStorageWorld();
  key = `${w.owner.id}/contrato assinado.pdf`;
  const up = await w.ownerClient.storage.from(PRIVATE).upload(key, new Blob([data], { type: 'application/pdf' }));
  if (up.error) throw up.error;
});
afterAll(async () => {
  await w?.sb.stop();
});

async function fetchBytes(url: string): Promise<{ status: number; bytes: Uint8Array; res: Response }> {
  const res = await fetch(url);
  return { status: res.status, bytes: new Uint8Array(await res.arrayBuffer()), res };
}

describe('URLs assinadas', () => {
  it('o dono recebe uma URL que serve os bytes a qualquer um, sem credencial; download= pede o nome do arquivo', async () => {
    const signed = await w.ownerClient.storage.from(PRIVATE).createSignedUrl(key, 60, { download: 'Contrato – final.pdf' });
    expect(signed.error).toBeNull();
    const got = await fetchBytes(signed.data!.signedUrl);
    expect(got.status).toBe(200);
    expect(got.bytes).toEqual(data);
    expect(got.res.headers.get('content-type')).toBe('application/pdf');
    expect(got.res.headers.get('content-disposition')).toBe(
      `attachment; filename="Contrato _ final.pdf"; filename*=UTF-8''${encodeURIComponent('Contrato – final.pdf')}`,
    );
  });

  it('em lote: um item por caminho, com erro para o que o chamador não vê', async () => {
    const batch = await w.ownerClient.storage.from(PRIVATE).createSignedUrls([key, `${w.owner.id}/nao-existe.pdf`], 60);
    expect(batch.error).toBeNull();
    expect(batch.data![0]).toMatchObject({ error: null, path: key });
    expect(batch.data![1]).toEqual({
      error: 'Either the object does not exist or you do not have access to it', path: `${w.owner.id}/nao-existe.pdf`, signedURL: null, signedUrl: null,
    });
    expect((await fetchBytes(batch.data![0]!.signedUrl!)).bytes).toEqual(data);
    const other = await w.otherClient.storage.from(PRIVATE).createSignedUrls([key], 60);
    expect(other.data![0]!.signedUrl).toBeNull();
  });

  it('outro usuário e anon não recebem URL para o objeto', async () => {
    expect((await w.otherClient.storage.from(PRIVATE).createSignedUrl(key, 60)).error).toMatchObject({ message: 'Object not found' });
    expect((await w.anon.storage.from(PRIVATE).createSignedUrl(key, 60)).error).toMatchObject({ message: 'Object not found' });
  });

  it('expirada, adulterada ou usada para outro objeto: recusada sem bytes', async () => {
    const url = new URL((await w.ownerClient.storage.from(PRIVATE).createSignedUrl(key, 60)).data!.signedUrl);
    const token = url.searchParams.get('token')!;
    const secret = new TextEncoder().encode(w.sb.jwtSecret);
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ url: `${PRIVATE}/${key}` }).setProtectedHeader({ alg: 'HS256' }).setIssuedAt(now - 120).setExpirationTime(now - 60).sign(secret);
    const forged = await new SignJWT({ url: `${PRIVATE}/${key}` }).setProtectedHeader({ alg: 'HS256' }).setExpirationTime(now + 60).sign(new TextEncoder().encode('outro-segredo-qualquer-com-32-caracteres!'));
    const [h, p, s] = token.split('.');
    const tampered = `${h}.${Buffer.from(JSON.stringify({ url: `${PRIVATE}/${w.other.id}/x.pdf`, exp: now + 60 })).toString('base64url')}.${s}`;
    const cases: [string, string, string][] = [
      [expired, key, '"exp" claim timestamp check failed'],
      [forged, key, 'signature verification failed'],
      [tampered, key, 'signature verification failed'],
      [`${h}.${p}`, key, 'Invalid Compact JWS'],
    ];
    for (const [t, k, message] of cases) {
      const res = await fetch(`${w.sb.url}/storage/v1/object/sign/${PRIVATE}/${encodeURI(k)}?token=${t}`);
      expect(res.status, message).toBe(400);
      expect(await res.json(), message).toMatchObject({ statusCode: '400', message });
    }
    const elsewhere = await fetch(`${w.sb.url}/storage/v1/object/sign/${PRIVATE}/${w.owner.id}/outro.pdf?token=${token}`);
    expect(await elsewhere.json()).toMatchObject({ statusCode: '400', message: 'Invalid signature' });
    const missing = await fetch(`${w.sb.url}/storage/v1/object/sign/${PRIVATE}/${encodeURI(key)}`);
    expect(await missing.json()).toMatchObject({ message: 'Missing Required Parameter token' });
  });

  it('expiresIn ausente ou inválido é recusado', async () => {
    const token = (await w.ownerClient.auth.getSession()).data.session!.access_token;
    for (const body of ['{}', '{"expiresIn":0}', '{"expiresIn":"abc"}', '{"expiresIn":1.5}']) {
      const res = await rawRequest(w.sb.url, {
        method: 'POST', path: `/storage/v1/object/sign/${PRIVATE}/${encodeURI(key)}`,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body,
      });
      expect(res.status, body).toBe(400);
      expect(JSON.parse(res.text).statusCode, body).toBe('400');
    }
  });

  it('URL de envio assinada: emitida só a quem a política deixa inserir; o envio por ela grava com o dono do token', async () => {
    const target = `${w.owner.id}/via-url-assinada.bin`;
    const signed = await w.ownerClient.storage.from(PRIVATE).createSignedUploadUrl(target);
    expect(signed.error).toBeNull();
    const up = await w.anon.storage.from(PRIVATE).uploadToSignedUrl(target, signed.data!.token, Buffer.from(binary(100)), { contentType: 'application/octet-stream' });
    expect(up.error).toBeNull();
    const row = await w.sb.pg.query<{ owner_id: string }>(`select owner_id from storage.objects where bucket_id = $1 and name = $2`, [PRIVATE, target]);
    expect(row.rows[0]!.owner_id).toBe(w.owner.id);
    expect((await w.otherClient.storage.from(PRIVATE).createSignedUploadUrl(`${w.owner.id}/intruso.bin`)).error).toMatchObject({ statusCode: '403' });
    const reuse = await w.anon.storage.from(PRIVATE).uploadToSignedUrl(`${w.owner.id}/outro-nome.bin`, signed.data!.token, Buffer.from('x'), { contentType: 'application/octet-stream' });
    expect(reuse.error).toMatchObject({ message: 'Invalid signature' });
  });
});

describe('bucket público', () => {
  it('getPublicUrl serve os bytes sem credencial; o mesmo caminho num bucket privado responde "Bucket not found"', async () => {
    const pubKey = `${w.owner.id}/logo.png`;
    const png = binary(1234, 1);
    expect((await w.ownerClient.storage.from(PUBLIC).upload(pubKey, new Blob([png], { type: 'image/png' }))).error).toBeNull();
    const { publicUrl } = w.anon.storage.from(PUBLIC).getPublicUrl(pubKey).data;
    const got = await fetchBytes(publicUrl);
    expect(got.status).toBe(200);
    expect(got.bytes).toEqual(png);
    const priv = await fetch(w.anon.storage.from(PRIVATE).getPublicUrl(key).data.publicUrl);
    expect(priv.status).toBe(400);
    expect(await priv.json()).toMatchObject({ statusCode: '404', message: 'Bucket not found' });
  });
});
