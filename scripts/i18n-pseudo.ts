// A pseudo-language for development: every letter accented and the words 40% longer, {placeholders}, plural and
// select syntax and tags kept, so a screen in it shows at once where text would be cut or was left in English.

const ACCENTED: Record<string, string> = {
  a: 'á',
  b: 'ƀ',
  c: 'ç',
  d: 'ð',
  e: 'é',
  f: 'ƒ',
  g: 'ĝ',
  h: 'ĥ',
  i: 'í',
  j: 'ĵ',
  k: 'ķ',
  l: 'ĺ',
  m: 'ɱ',
  n: 'ñ',
  o: 'ö',
  p: 'þ',
  q: 'ǫ',
  r: 'ŕ',
  s: 'š',
  t: 'ţ',
  u: 'ú',
  v: 'ṽ',
  w: 'ŵ',
  x: 'ẋ',
  y: 'ý',
  z: 'ž',
  A: 'Å',
  B: 'Ɓ',
  C: 'Ç',
  D: 'Ð',
  E: 'É',
  F: 'Ƒ',
  G: 'Ĝ',
  H: 'Ĥ',
  I: 'Í',
  J: 'Ĵ',
  K: 'Ķ',
  L: 'Ĺ',
  M: 'Ṁ',
  N: 'Ñ',
  O: 'Ö',
  P: 'Þ',
  Q: 'Ǫ',
  R: 'Ŕ',
  S: 'Š',
  T: 'Ţ',
  U: 'Ú',
  V: 'Ṽ',
  W: 'Ŵ',
  X: 'Ẋ',
  Y: 'Ý',
  Z: 'Ž',
};

/** One ICU message in the pseudo-language: letters outside {…} accented, then padded to 140% of its length. */
export function pseudoMessage(message: string): string {
  let depth = 0;
  let out = '';
  let letters = 0;
  for (let index = 0; index < message.length; index += 1) {
    const char = message[index] ?? '';
    if (char === '{') depth += 1;
    if (char === '}') depth -= 1;
    // Inside a plural or select, the words between the inner braces are text again (depth 2, 4…).
    const isText = depth % 2 === 0;
    if (isText && /[A-Za-z]/.test(char)) letters += 1;
    out += isText ? (ACCENTED[char] ?? char) : char;
  }
  const padding = Math.ceil(letters * 0.4);
  return padding > 0 ? `[${out} ${'·'.repeat(padding)}]` : out;
}
