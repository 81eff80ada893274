/**
 * Identifier check digits the regulations name: the LEI (ISO 17442, IVMS 101
 * and MiFIR RTS 22 fields 4, 6, 7, 16) and the ISIN (ISO 6166, RTS 22 field 41).
 */

/** ISO 17442: 18 alphanumerics and two check digits, mod 97 of the letters-as-numbers equal to 1. */
export function isValidLei(text: string): boolean {
  if (!/^[0-9A-Z]{18}[0-9]{2}$/.test(text)) return false;
  let remainder = 0;
  for (const char of text) {
    const digits = /[0-9]/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

/** ISO 6166: two letters, nine alphanumerics and a Luhn check digit over the letters-as-numbers. */
export function isValidIsin(text: string): boolean {
  if (!/^[A-Z]{2}[0-9A-Z]{9}[0-9]$/.test(text)) return false;
  const digits = [...text].map((char) => (/[0-9]/.test(char) ? char : String(char.charCodeAt(0) - 55))).join('');
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}
