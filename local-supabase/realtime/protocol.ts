// The Phoenix channel messages realtime-js exchanges with Supabase Realtime, in both serializers:
//   vsn 1.0.0: text frames holding a JSON object {join_ref, ref, topic, event, payload};
//   vsn 2.0.0: text frames holding a JSON array [join_ref, ref, topic, event, payload], plus binary frames for user
//   broadcasts (client → server kind 3 "user broadcast push", server → client kind 4 "user broadcast").

export type Vsn = '1.0.0' | '2.0.0';

export interface PhxMessage {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  event: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  payload: any;
}

/** A broadcast whose user payload is bytes rather than JSON (only serializer 2.0.0 can carry it). */
export interface BinaryBroadcast {
  type: 'broadcast';
  event: string;
  payload: Buffer;
  meta?: Record<string, unknown>;
}

const KIND_USER_BROADCAST_PUSH = 3;
const KIND_USER_BROADCAST = 4;
const ENCODING_BINARY = 0;
const ENCODING_JSON = 1;

export function parseVsn(value: string | null): Vsn | null {
  if (value === null || value === '' || value === '1.0.0') return '1.0.0';
  if (value === '2.0.0') return '2.0.0';
  return null;
}

function decodeBinaryPush(buf: Buffer): PhxMessage | null {
  if (buf.length < 7 || buf[0] !== KIND_USER_BROADCAST_PUSH) return null;
  const [joinRefLen, refLen, topicLen, eventLen, metaLen, encoding] = [buf[1]!, buf[2]!, buf[3]!, buf[4]!, buf[5]!, buf[6]!];
  let offset = 7;
  const take = (n: number) => {
    const s = buf.subarray(offset, offset + n).toString('utf8');
    offset += n;
    return s;
  };
  const joinRef = take(joinRefLen);
  const ref = take(refLen);
  const topic = take(topicLen);
  const event = take(eventLen);
  const meta = take(metaLen);
  if (offset > buf.length) return null;
  const body = buf.subarray(offset);
  const payload: Record<string, unknown> = {
    type: 'broadcast',
    event,
    payload: encoding === ENCODING_JSON ? JSON.parse(body.toString('utf8')) : Buffer.from(body),
  };
  if (meta) Object.assign(payload, JSON.parse(meta));
  return { joinRef: joinRef || null, ref: ref || null, topic, event: 'broadcast', payload };
}

/** The message of a frame, or null when it is not one (the frame is then ignored, as Phoenix does). */
export function decodeFrame(data: Buffer, isBinary: boolean, vsn: Vsn): PhxMessage | null {
  try {
    if (isBinary) return vsn === '2.0.0' ? decodeBinaryPush(data) : null;
    const parsed: unknown = JSON.parse(data.toString('utf8'));
    if (vsn === '2.0.0') {
      if (!Array.isArray(parsed) || parsed.length !== 5) return null;
      const [joinRef, ref, topic, event, payload] = parsed as [unknown, unknown, unknown, unknown, unknown];
      if (typeof topic !== 'string' || typeof event !== 'string') return null;
      return { joinRef: joinRef == null ? null : String(joinRef), ref: ref == null ? null : String(ref), topic, event, payload: payload ?? {} };
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
    const m = parsed as Record<string, unknown>;
    if (typeof m.topic !== 'string' || typeof m.event !== 'string') return null;
    return {
      joinRef: m.join_ref == null ? null : String(m.join_ref),
      ref: m.ref == null ? null : String(m.ref),
      topic: m.topic,
      event: m.event,
      payload: m.payload ?? {},
    };
  } catch {
    return null;
  }
}

function encodeBinaryBroadcast(topic: string, b: BinaryBroadcast): Buffer {
  const t = Buffer.from(topic, 'utf8');
  const e = Buffer.from(b.event, 'utf8');
  const m = Buffer.from(b.meta && Object.keys(b.meta).length ? JSON.stringify(b.meta) : '', 'utf8');
  const header = Buffer.from([KIND_USER_BROADCAST, t.length, e.length, m.length, ENCODING_BINARY]);
  return Buffer.concat([header, t, e, m, b.payload]);
}

export function encodeFrame(msg: PhxMessage, vsn: Vsn): string | Buffer {
  const p = msg.payload as Partial<BinaryBroadcast> | undefined;
  if (msg.event === 'broadcast' && p && Buffer.isBuffer(p.payload)) {
    // 1.0.0 cannot carry bytes: those subscribers get nothing, as on the hosted service.
    return vsn === '2.0.0' ? encodeBinaryBroadcast(msg.topic, p as BinaryBroadcast) : '';
  }
  if (vsn === '2.0.0') return JSON.stringify([msg.joinRef, msg.ref, msg.topic, msg.event, msg.payload]);
  return JSON.stringify({ join_ref: msg.joinRef, ref: msg.ref, topic: msg.topic, event: msg.event, payload: msg.payload });
}
