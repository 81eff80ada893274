import type { IncomingMessage } from 'node:http';
import { PayloadTooLargeError, UnsupportedMediaTypeError } from '../../kernel/errors/index.js';
import { jsonDepthExceeds } from './canonical-json.js';
import { scanJsonText } from './duplicate-keys.js';
import { DuplicateJsonKeyError, MalformedJsonError, MalformedRequestError, UnsupportedContentEncodingError } from './body-errors.js';

/** Deeper bodies are refused before anything recursive (hashing, zod) walks them. */
export const MAX_JSON_DEPTH = 64;

/** Fatal on bad UTF-8; one for every request (decode() without `stream` keeps no state between calls). */
const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/** Methods whose body is read; other methods' bodies are ignored. */
export function carriesBody(method: string): boolean {
  return method === 'POST' || method === 'PUT' || method === 'PATCH';
}

/**
 * Reads and parses a JSON request body. An empty body is `{}`. Every failure is
 * a 4xx AppError: 413 over the limit, 415 for another media type, charset or
 * content encoding, 400 for bad UTF-8, bad JSON, too deep nesting or a key
 * repeated within one object.
 */
export async function readJsonBody(req: IncomingMessage, limitBytes: number): Promise<unknown> {
  const encoding = headerText(req.headers['content-encoding']).trim().toLowerCase();
  if (encoding !== '' && encoding !== 'identity') throw new UnsupportedContentEncodingError();

  const declared = headerText(req.headers['content-length']);
  if (declared !== '' && /^\d+$/.test(declared) && Number(declared) > limitBytes) {
    throw new PayloadTooLargeError(limitBytes);
  }
  const contentType = headerText(req.headers['content-type']);
  const announcesBody = (declared !== '' && declared !== '0') || req.headers['transfer-encoding'] !== undefined;
  if (contentType !== '' && announcesBody && !isJsonMediaType(contentType)) throw new UnsupportedMediaTypeError();

  const read = readRaw(req, limitBytes, declared);
  const raw = read instanceof Buffer ? read : await read;
  if (raw.length === 0) return {};
  if (!isJsonMediaType(contentType)) throw new UnsupportedMediaTypeError();

  let text: string;
  try {
    text = UTF8.decode(raw);
  } catch {
    throw new MalformedJsonError('The request body is not valid UTF-8.');
  }
  if (text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof SyntaxError ? ` ${error.message}` : '';
    throw new MalformedJsonError(`The request body is not valid JSON.${reason}`);
  }
  const { duplicate, deeper } = scanJsonText(text, MAX_JSON_DEPTH);
  // Without repeated keys the parsed value nests as the text does; with them JSON.parse dropped earlier members,
  // and the depth refused (first, as ever) is the parsed value's.
  if (deeper && (duplicate === undefined || jsonDepthExceeds(value, MAX_JSON_DEPTH))) {
    throw new MalformedJsonError(`The request body nests deeper than ${MAX_JSON_DEPTH} levels.`);
  }
  if (duplicate !== undefined) throw new DuplicateJsonKeyError(duplicate);
  return value;
}

/** application/json or any application/*+json, with no charset or UTF-8. */
export function isJsonMediaType(header: string): boolean {
  if (header === 'application/json') return true;
  const [type = '', ...parameters] = header.split(';');
  const media = type.trim().toLowerCase();
  if (media !== 'application/json' && !/^application\/[a-z0-9.+-]+\+json$/.test(media)) return false;
  for (const parameter of parameters) {
    const [name = '', rawValue = ''] = parameter.split('=');
    if (name.trim().toLowerCase() !== 'charset') continue;
    const charset = rawValue.trim().replace(/^"(.*)"$/, '$1').toLowerCase();
    if (charset !== 'utf-8' && charset !== 'utf8') return false;
  }
  return true;
}

function headerText(value: string | string[] | undefined): string {
  return Array.isArray(value) ? value.join(', ') : (value ?? '');
}

/** Collects the body, failing with 413 as soon as it passes the limit. `declared` is the Content-Length header as sent. */
function readRaw(req: IncomingMessage, limitBytes: number, declared: string): Buffer | Promise<Buffer> {
  if (req.readableEnded) return Buffer.alloc(0);
  // Every byte of the body is in the stream's buffer and nothing has read it yet: take it now, without listeners and
  // their ticks. Either the whole message has arrived (the handler awaited something slower than the rest of the
  // packet, a store read say), or the body is as long as its Content-Length says: node pushes a small body with its
  // headers' packet but marks the message complete only after the handler's first microtasks, so a handler that read
  // the body at its first await would otherwise always take the listeners below. (Nothing here listens for the
  // stream's 'end'; the server reads on to the next request either way.)
  const whole =
    req.complete || (req.headers['transfer-encoding'] === undefined && declared !== '' && req.readableLength === Number(declared));
  if (whole && req.readableFlowing === null && req.listenerCount('data') === 0) {
    const chunk = req.read() as Buffer | string | null;
    const body = chunk === null ? Buffer.alloc(0) : typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    if (body.length > limitBytes) throw new PayloadTooLargeError(limitBytes);
    return body;
  }
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const finish = (error: Error | undefined, body?: Buffer): void => {
      if (settled) return;
      settled = true;
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('aborted', onAborted);
      if (error) {
        // Discard whatever else arrives; the response closes the connection.
        req.resume();
        reject(error);
      } else resolve(body!);
    };
    const onData = (chunk: Buffer | string): void => {
      const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      size += buffer.length;
      if (size > limitBytes) finish(new PayloadTooLargeError(limitBytes));
      else chunks.push(buffer);
    };
    const onEnd = (): void => finish(undefined, Buffer.concat(chunks, size));
    const onError = (): void => finish(new MalformedRequestError('The request body could not be read.', 'request_aborted'));
    const onAborted = (): void => finish(new MalformedRequestError('The client aborted the request.', 'request_aborted'));
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('aborted', onAborted);
  });
}
