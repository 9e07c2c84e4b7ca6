import { TEXT_KEYWORD, Text, textProblem, withoutRefusedCharacters } from '../src';

// The one rule for text a client sends (contracts/src/text-rules.ts, re-exported by common.ts): the server checks every text field of a
// request with it, so what it lets through is what the shop's screens, CSV exports and PDFs show.

describe('textProblem', () => {
  it('lets ordinary text through, in any script, with accents and emoji', () => {
    for (const value of [
      'Ada Lovelace',
      'Zoë Brontë-Smith',
      'محمد',
      '山田太郎',
      'Rolex 126610LN',
      '💍 ring',
      '',
    ]) {
      expect([value, textProblem(value)]).toEqual([value, null]);
    }
  });

  it('names a NUL first, whatever else the text holds', () => {
    expect(textProblem('a\u0000\u202eb')).toBe('null');
    expect(textProblem('a\u0000b', 'multiline')).toBe('null');
    expect(textProblem('a\u0000b', 'secret')).toBe('null');
  });

  it.each([
    ['ESC (C0)', '\u001b'],
    ['DEL', '\u007f'],
    ['a newline inside', '\n'],
    ['a tab inside', '\t'],
    ['NEL (C1)', '\u0085'],
    ['CSI (C1)', '\u009b'],
    ['the line separator', '\u2028'],
    ['the paragraph separator', '\u2029'],
  ])('refuses %s in a single-line field as a control character', (_what, character) => {
    expect(textProblem(`a${character}b`)).toBe('control');
  });

  it.each([
    ['the right-to-left override', '\u202e'],
    ['the left-to-right embedding', '\u202a'],
    ['the first-strong isolate', '\u2068'],
    ['the pop directional isolate', '\u2069'],
    ['the right-to-left mark', '\u200f'],
    ['a zero-width space', '\u200b'],
    ['a zero-width joiner', '\u200d'],
    ['a word joiner', '\u2060'],
    ['an invisible plus', '\u2064'],
    ['the byte order mark', '\ufeff'],
    ['a soft hyphen', '\u00ad'],
    ['the Arabic letter mark', '\u061c'],
    ['an invisible tag (outside the BMP)', '\u{e0041}'],
  ])('refuses %s in a single-line field as an invisible character', (_what, character) => {
    expect(textProblem(`a${character}b`)).toBe('invisible');
  });

  it('lets a single-line field end or start with tabs and line breaks (a scanner’s suffix), nothing else', () => {
    expect(textProblem('SCAN-0042\t\r\n')).toBeNull();
    expect(textProblem('\nSCAN-0042')).toBeNull();
    expect(textProblem('SCAN-0042\u0085')).toBe('control');
    expect(textProblem('SCAN-0042\ufeff')).toBe('invisible');
  });

  it('lets a multi-line field keep tabs, line breaks and joiners, but not controls or direction overrides', () => {
    expect(textProblem('Line 1\r\n\tLine 2\u2028👨\u200d👩\u200d👧', 'multiline')).toBeNull();
    expect(textProblem('Line 1\n\u0085', 'multiline')).toBe('control');
    expect(textProblem('Line 1\n\u001b[2J', 'multiline')).toBe('control');
    for (const character of [
      '\u202a',
      '\u202b',
      '\u202c',
      '\u202d',
      '\u202e',
      '\u2066',
      '\u2067',
      '\u2069',
    ]) {
      expect([character, textProblem(`Line 1\n${character}Line 2`, 'multiline')]).toEqual([
        character,
        'invisible',
      ]);
    }
  });

  it('holds a secret (a password, never shown) to the C0 controls and DEL only', () => {
    expect(textProblem('pass\u200bword\u202e\u0085', 'secret')).toBeNull();
    expect(textProblem('pass\u001bword', 'secret')).toBe('control');
    expect(textProblem('pass\u007fword', 'secret')).toBe('control');
  });
});

describe('withoutRefusedCharacters', () => {
  it('leaves out what a single-line field refuses, and keeps the rest', () => {
    expect(withoutRefusedCharacters('passport\u202egpj.exe')).toBe('passportgpj.exe');
    expect(withoutRefusedCharacters('a\tb\nc\u0085d\u200be\u{e0041}f.png')).toBe('abcdef.png');
    expect(withoutRefusedCharacters('Zoë 💍.jpg')).toBe('Zoë 💍.jpg');
  });
});

describe('Text', () => {
  it('marks each field with its kind, for the server’s validator', () => {
    expect(Text()[TEXT_KEYWORD]).toBe('line');
    expect(Text({ multiline: true })[TEXT_KEYWORD]).toBe('multiline');
    expect(Text({ secret: true })[TEXT_KEYWORD]).toBe('secret');
    expect(Text({ maxLength: 5 })).toMatchObject({ type: 'string', maxLength: 5 });
  });
});
