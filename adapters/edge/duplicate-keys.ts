import { jsonPointer } from './json-pointer.js';

/** One open object or array while scanning: the member being read and, for objects, the keys seen. */
interface Frame {
  readonly keys: Set<string> | undefined;
  current: string;
  expectKey: boolean;
}

/**
 * The JSON pointer of the first object member whose key repeats an earlier
 * key of the same object, or undefined. JSON.parse keeps the last one
 * silently while other parsers keep the first, so a body with duplicates
 * could mean one thing to a proxy or signature check and another to us.
 * `text` must already have parsed: the scan only follows strings, brackets
 * and commas, in one linear pass.
 */
export function duplicateKeyPointer(text: string): string | undefined {
  const frames: Frame[] = [];
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '"') {
      let end = i + 1;
      while (text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      const top = frames[frames.length - 1];
      if (top?.keys && top.expectKey) {
        const token = text.slice(i, end + 1);
        const key: string = token.includes('\\') ? JSON.parse(token) : token.slice(1, -1);
        if (top.keys.has(key)) return jsonPointer([...frames.slice(0, -1).map((frame) => frame.current), key]);
        top.keys.add(key);
        top.current = key;
        top.expectKey = false;
      }
      i = end;
    } else if (char === '{') frames.push({ keys: new Set(), current: '', expectKey: true });
    else if (char === '[') frames.push({ keys: undefined, current: '0', expectKey: false });
    else if (char === '}' || char === ']') frames.pop();
    else if (char === ',') {
      const top = frames[frames.length - 1]!;
      if (top.keys) top.expectKey = true;
      else top.current = String(Number(top.current) + 1);
    }
  }
  return undefined;
}
