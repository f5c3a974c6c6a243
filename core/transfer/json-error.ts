/**
 * Where invalid JSON goes wrong, in one pass: the offset of the first character that cannot
 * continue valid JSON (text.length when the text only ends too early). JSON.parse does not say
 * where on every engine, and asking it again on ever shorter prefixes costs a whole parse each
 * time (a 45 MB file took a minute).
 */
export function jsonErrorOffset(text: string): number {
  let i = 0;
  const n = text.length;
  const ws = () => {
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c !== 32 && c !== 10 && c !== 13 && c !== 9) break;
      i++;
    }
  };
  /** Expects `word` at i; false at the first character that differs. */
  const literal = (word: string): boolean => {
    for (let k = 0; k < word.length; k++, i++) {
      if (i >= n) return true;
      if (text[i] !== word[k]) return false;
    }
    return true;
  };
  const string = (): boolean => {
    i++; // opening quote
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 34) {
        i++;
        return true;
      }
      if (c < 32) return false;
      if (c === 92) {
        i++;
        if (i >= n) return true;
        const e = text[i]!;
        if (e === 'u') {
          for (let k = 0; k < 4; k++) {
            i++;
            if (i >= n) return true;
            if (!/[0-9a-fA-F]/.test(text[i]!)) return false;
          }
        } else if (!'"\\/bfnrt'.includes(e)) return false;
      }
      i++;
    }
    return true;
  };
  const isDigit = (k: number) => k < n && text.charCodeAt(k) >= 48 && text.charCodeAt(k) <= 57;
  /** Digits from i; false when there is none where one must be (i stays on the culprit). */
  const digits = (): boolean => {
    if (i >= n) return true;
    if (!isDigit(i)) return false;
    while (isDigit(i)) i++;
    return true;
  };
  const number = (): boolean => {
    if (text[i] === '-') i++;
    if (i >= n) return true;
    if (text[i] === '0') i++;
    else if (!digits()) return false;
    if (i < n && text[i] === '.') {
      i++;
      if (!digits()) return false;
    }
    if (i < n && (text[i] === 'e' || text[i] === 'E')) {
      i++;
      if (i < n && (text[i] === '+' || text[i] === '-')) i++;
      if (!digits()) return false;
    }
    return true;
  };
  // Containers on an explicit stack: a hostile nesting cannot overflow the call stack.
  const stack: ('[' | '{')[] = [];
  let expect: 'value' | 'after' | 'key' | 'firstKey' | 'firstValue' = 'value';
  for (;;) {
    ws();
    if (i >= n) return n;
    const c = text[i]!;
    if (expect === 'value' || expect === 'firstValue') {
      if (expect === 'firstValue' && c === ']') {
        stack.pop();
        i++;
        expect = 'after';
      } else if (c === '{') {
        stack.push('{');
        i++;
        expect = 'firstKey';
      } else if (c === '[') {
        stack.push('[');
        i++;
        expect = 'firstValue';
      } else if (c === '"') {
        if (!string()) return i;
        expect = 'after';
      } else if (c === 't' || c === 'f' || c === 'n') {
        if (!literal(c === 't' ? 'true' : c === 'f' ? 'false' : 'null')) return i;
        expect = 'after';
      } else if (c === '-' || (c >= '0' && c <= '9')) {
        if (!number()) return i;
        expect = 'after';
      } else return i;
      continue;
    }
    if (expect === 'key' || expect === 'firstKey') {
      if (expect === 'firstKey' && c === '}') {
        stack.pop();
        i++;
        expect = 'after';
        continue;
      }
      if (c !== '"' || !string()) return i;
      ws();
      if (i >= n) return n;
      if (text[i] !== ':') return i;
      i++;
      expect = 'value';
      continue;
    }
    // after a value
    const top = stack.at(-1);
    if (top === undefined) return i; // text after the whole value
    if (c === ',') expect = top === '{' ? 'key' : 'value';
    else if ((c === ']' && top === '[') || (c === '}' && top === '{')) stack.pop();
    else return i;
    i++;
  }
}
