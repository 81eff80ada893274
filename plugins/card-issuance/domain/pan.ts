/**
 * Primary account numbers: the issuer's BIN, random digits, and the Luhn
 * check digit (ISO/IEC 7812). Pure: the random bytes are given.
 */
export const PAN_LENGTH = 16;

/** The Luhn check digit of `payload` (the PAN without its last digit). */
export function luhnCheckDigit(payload: string): number {
  let sum = 0;
  // Doubling starts at the rightmost payload digit: it sits left of the check digit.
  for (let index = 0; index < payload.length; index += 1) {
    let digit = payload.charCodeAt(payload.length - 1 - index) - 48;
    if (index % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return (10 - (sum % 10)) % 10;
}

export function isLuhnValid(pan: string): boolean {
  return /^\d{12,19}$/.test(pan) && luhnCheckDigit(pan.slice(0, -1)) === Number(pan.at(-1));
}

/**
 * A PAN of PAN_LENGTH digits starting with `bin`. Digits are drawn from
 * `bytes` by rejection (a byte of 250 or more is skipped), so each is
 * uniform; `bytes` is called again when it runs out.
 */
export function makePan(bin: string, bytes: (length: number) => Uint8Array): string {
  if (!/^\d{6,8}$/.test(bin)) throw new Error(`a BIN has 6 to 8 digits, not '${bin}'`);
  let payload = bin;
  while (payload.length < PAN_LENGTH - 1) {
    for (const byte of bytes(PAN_LENGTH)) {
      if (byte < 250 && payload.length < PAN_LENGTH - 1) payload += String(byte % 10);
    }
  }
  return payload + String(luhnCheckDigit(payload));
}
