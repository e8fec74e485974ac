// Text folding for keyword matching. The OCR model has no Cyrillic, so Russian nameplate
// words arrive as Latin look-alikes ("ГАЗ" -> "TA3", "Зав.№" -> "3ab.N"); folding real
// Cyrillic to the same look-alikes lets one set of patterns cover both.

const CYRILLIC_LOOKALIKE: Record<string, string> = {
  а: 'a', б: '6', в: 'b', г: 'r', д: 'd', е: 'e', ё: 'e', ж: 'x', з: '3', и: 'u', й: 'u',
  к: 'k', л: 'n', м: 'm', н: 'h', о: 'o', п: 'n', р: 'p', с: 'c', т: 't', у: 'y', ф: 'f',
  х: 'x', ц: 'u', ч: '4', ш: 'w', щ: 'w', ъ: 'b', ы: 'bi', ь: 'b', э: '3', ю: 'io', я: 'r',
};

/** Lower-cases, folds Cyrillic and typographic variants to ASCII look-alikes. */
export function fold(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFKC').toLowerCase()) {
    const mapped = CYRILLIC_LOOKALIKE[ch];
    if (mapped !== undefined) out += mapped;
    else if (ch === '№') out += 'no ';
    // The recogniser writes a Cyrillic `Ф` as a Greek `Φ`.
    else if (ch === 'φ') out += 'f';
    else if (ch === '³') out += '3';
    else if (ch === '²') out += '2';
    else if (ch === '℃') out += '°c';
    else if (ch === 'º' || ch === '˚') out += '°';
    else if (ch === '·' || ch === '•' || ch === '∙') out += '.';
    else if (ch === '–' || ch === '—' || ch === '−') out += '-';
    else if (ch === '，') out += ',';
    // A Latin letter's accent (`água`, `gás`, `hidrômetro`); not a kana's voicing mark (`ガス`).
    else if (ch > '\u007f' && /^[a-z]$/.test(ch.normalize('NFD')[0])) out += ch.normalize('NFD')[0];
    else if (ch === '．' || ch === '。') out += '.';
    else out += ch;
  }
  return out;
}

/** Folded text with all whitespace removed ("k W h" -> "kwh"). */
export function compact(text: string): string {
  return fold(text).replace(/\s+/g, '');
}

// Letters the recogniser confuses with digits inside a number.
const DIGIT_LOOKALIKE: Record<string, string> = {
  O: '0', o: '0', D: '0', Q: '0', 'О': '0', 'о': '0',
  I: '1', l: '1', '|': '1', i: '1', '!': '1',
  Z: '2', z: '2',
  S: '5', s: '5',
  G: '6', b: '6', 'б': '6',
  T: '7',
  B: '8', 'В': '8',
  g: '9', q: '9',
};

export function digitLookalike(ch: string): string | undefined {
  if (ch >= '0' && ch <= '9') return ch;
  return DIGIT_LOOKALIKE[ch];
}

export function isDigit(ch: string | undefined): boolean {
  return ch !== undefined && ch >= '0' && ch <= '9';
}
