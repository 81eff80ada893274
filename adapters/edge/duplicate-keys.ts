import { jsonPointer } from './json-pointer.js';

/** What one scan of parsed JSON text finds: its first repeated key and whether it nests deeper than the limit. */
export interface JsonTextScan {
  /** The JSON pointer of the first object member whose key repeats an earlier key of the same object. */
  readonly duplicate: string | undefined;
  /** The text's arrays and objects nest deeper than the limit (a repeated key's earlier member counted too). */
  readonly deeper: boolean;
}

/** One open object or array while scanning: the member being read and, for objects, the keys seen. */
interface Frame {
  readonly isObject: boolean;
  keys: Set<string> | undefined;
  current: string;
  index: number;
  expectKey: boolean;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;

/**
 * Repeated keys and nesting depth in one linear pass over the text (the
 * request body reader's checks after JSON.parse). JSON.parse keeps the last
 * of repeated keys silently while other parsers keep the first, so a body
 * with duplicates could mean one thing to a proxy or signature check and
 * another to us. `text` must already have parsed: the scan only follows
 * strings, brackets and commas, jumping over each string with indexOf.
 */
export function scanJsonText(text: string, maxDepth: number): JsonTextScan {
  const frames: Frame[] = [];
  let duplicate: string | undefined;
  let deeper = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === QUOTE) {
      const end = closingQuote(text, i);
      const top = frames[frames.length - 1];
      if (top !== undefined && top.expectKey) {
        const raw = text.slice(i + 1, end);
        const key: string = raw.includes('\\') ? JSON.parse(text.slice(i, end + 1)) : raw;
        const keys = (top.keys ??= new Set());
        if (duplicate === undefined && keys.has(key)) duplicate = jsonPointer([...frames.slice(0, -1).map(segment), key]);
        keys.add(key);
        top.current = key;
        top.expectKey = false;
      }
      i = end;
    } else if (code === OPEN_OBJECT || code === OPEN_ARRAY) {
      const isObject = code === OPEN_OBJECT;
      frames.push({ isObject, keys: undefined, current: '', index: 0, expectKey: isObject });
      if (frames.length > maxDepth) deeper = true;
    } else if (code === CLOSE_OBJECT || code === CLOSE_ARRAY) frames.pop();
    else if (code === COMMA) {
      const top = frames[frames.length - 1]!;
      if (top.isObject) top.expectKey = true;
      else top.index += 1;
    }
  }
  return { duplicate, deeper };
}

function segment(frame: Frame): string {
  return frame.isObject ? frame.current : String(frame.index);
}

/** The index of the quote that closes the string opening at `start`: the next one not escaped by an odd run of backslashes. */
function closingQuote(text: string, start: number): number {
  let end = text.indexOf('"', start + 1);
  for (;;) {
    let backslashes = 0;
    while (text.charCodeAt(end - 1 - backslashes) === BACKSLASH) backslashes += 1;
    if (backslashes % 2 === 0) return end;
    end = text.indexOf('"', end + 1);
  }
}
