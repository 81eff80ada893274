import { randomFillSync } from 'node:crypto';
import type { Ids } from '../../ports/ids.js';

/** Random bytes for this many ids are drawn at once, as node's own randomUUID caches its entropy. */
const IDS_PER_DRAW = 256;
const HEX = '0123456789abcdef';

/**
 * Version 4 UUIDs from the CSPRNG, as node's crypto.randomUUID makes them,
 * but built as one flat string. randomUUID concatenates its 36 characters
 * piece by piece into a tree of about twenty string objects (≈490 bytes);
 * the memory store keeps a dozen ids per transfer, so those trees were
 * about 30 % of its live heap and of every garbage collection's copying
 * (docs/benchmarks.md). Here the characters are written into a buffer and
 * read out as one 36-byte string (≈56 bytes). `timeOrdered()` makes
 * version 7 ones the same way: the first 48 bits are the wall clock's
 * milliseconds, the other 74 bits random.
 */
export class CryptoIds implements Ids {
  readonly #entropy = Buffer.alloc(16 * IDS_PER_DRAW);
  #offset = this.#entropy.length;
  readonly #text = Buffer.alloc(36);

  uuid(): string {
    return this.#format(0x40, undefined);
  }

  timeOrdered(): string {
    return this.#format(0x70, Date.now());
  }

  /** `version` in the high nibble of byte 6; with `ms`, bytes 0–5 are that time, big-endian (RFC 9562). */
  #format(version: number, ms: number | undefined): string {
    if (this.#offset === this.#entropy.length) {
      randomFillSync(this.#entropy);
      this.#offset = 0;
    }
    const bytes = this.#entropy;
    const text = this.#text;
    let at = 0;
    for (let index = 0; index < 16; index += 1) {
      let byte = bytes[this.#offset + index]!;
      if (ms !== undefined && index < 6) byte = Math.floor(ms / 2 ** (8 * (5 - index))) & 0xff;
      // The variant (10xx) in the high bits of byte 8.
      if (index === 6) byte = (byte & 0x0f) | version;
      else if (index === 8) byte = (byte & 0x3f) | 0x80;
      if (index === 4 || index === 6 || index === 8 || index === 10) text[at++] = 0x2d;
      text[at++] = HEX.charCodeAt(byte >> 4);
      text[at++] = HEX.charCodeAt(byte & 0x0f);
    }
    this.#offset += 16;
    return text.toString('latin1', 0, 36);
  }
}
