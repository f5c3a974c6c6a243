import { describe, expect, it } from 'vitest';
import { cleanStudentName, studentNameKey } from './names.ts';

describe('student names (docs/class-mode.md "Names")', () => {
  it('keeps a name as typed, without invisible or direction characters', () => {
    expect(cleanStudentName('  Ann   B ')).toBe('Ann B');
    expect(cleanStudentName('Ann\u200bB')).toBe('AnnB');
    expect(cleanStudentName('Ann \u202eB')).toBe('Ann B');
    expect(cleanStudentName('\u200b\u200d')).toBe('');
    expect(cleanStudentName('ＡＮＮ')).toBe('ANN');
    expect(cleanStudentName('Zoë Müller')).toBe('Zoë Müller');
  });

  it('compares look-alikes as the same name', () => {
    const paul = studentNameKey('Paul');
    // A Cyrillic 'Р', a zero-width space, a trailing dot, full-width letters, other case.
    for (const poser of ['Рaul', 'Pa\u200bul', 'Paul.', 'Ｐａｕｌ', 'PAUL', 'P\u202eaul']) {
      expect(studentNameKey(poser), poser).toBe(paul);
    }
    expect(studentNameKey('Paula')).not.toBe(paul);
    expect(studentNameKey('李明')).toBe('李明');
    expect(studentNameKey('...')).toBe('');
  });
});
