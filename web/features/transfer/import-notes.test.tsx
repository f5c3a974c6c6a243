import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { formatOf } from './api.ts';
import { ImportNotes, StoryIdentityNote, StoryVerdict } from './import-notes.tsx';

afterEach(cleanup);

describe('formatOf', () => {
  it('reads Twee, Twine 2 HTML and JSON files by their names', () => {
    expect(formatOf('story.twee')).toBe('twee');
    expect(formatOf('story.TW')).toBe('twee');
    expect(formatOf('Published Story.html')).toBe('html');
    expect(formatOf('archive.htm')).toBe('html');
    expect(formatOf('seo-adventure-2026-01-01.json')).toBe('json');
  });
});

describe('ImportNotes', () => {
  it('puts the note that the start cannot be played first, marked', () => {
    const message =
      'The start passage "Start" cannot be played: none of its options leads to another scene of the story.';
    render(
      <ImportNotes
        warnings={[
          { passage: 'Start', line: 3, message: 'Harlowe macros (set:): kept as plain text.' },
          { passage: null, line: null, message },
        ]}
      />,
    );
    expect(screen.getByTestId('import-start-problem').textContent).toBe(message);
  });

  it('marks nothing when the start can be played', () => {
    render(
      <ImportNotes
        warnings={[{ passage: null, line: null, message: 'The file names no IFID.' }]}
      />,
    );
    expect(screen.queryByTestId('import-start-problem')).toBeNull();
  });

  it('groups notes by passage, the whole story first, each with its line', () => {
    render(
      <ImportNotes
        warnings={[
          {
            passage: 'Back Room',
            line: 11,
            message: 'SugarCube macros <<if>>: kept as plain text.',
          },
          {
            passage: 'Back Room',
            line: 14,
            message: 'The link "x" goes to "y", which is no passage.',
          },
          { passage: null, line: null, message: 'The file names no IFID.' },
        ]}
      />,
    );
    const section = screen.getByRole('region', {
      name: 'What players will see, and what is not run here (3 notes)',
    });
    const groups = within(section)
      .getAllByRole('listitem')
      .filter((li) => li.querySelector('p'));
    expect(groups.map((g) => g.querySelector('p')?.textContent)).toEqual([
      'The whole story',
      'Passage “Back Room”',
    ]);
    expect(
      within(groups[1] as HTMLElement)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Line 11: SugarCube macros <<if>>: kept as plain text.',
      'Line 14: The link "x" goes to "y", which is no passage.',
    ]);
  });

  it('shows nothing without notes', () => {
    const { container } = render(<ImportNotes warnings={[]} />);
    expect(container.textContent).toBe('');
  });

  it("names the story's identity and whether the import changes it", () => {
    render(
      <StoryIdentityNote
        story={{
          ifid: 'ABC',
          title: 'Lock',
          format: 'Harlowe',
          formatVersion: '3.3.9',
          changed: true,
        }}
      />,
    );
    expect(screen.getByTestId('import-story').textContent).toBe(
      'Story “Lock” (IFID ABC, Harlowe 3.3.9): kept, so the Twee export names it again.',
    );
  });
});

describe('StoryVerdict', () => {
  it('says where play stops, marked as a problem', () => {
    const message = 'Stops at passage "Cellar", 1 step from the start: it is no ending.';
    render(<StoryVerdict verdict={{ plays: false, message, stopsAt: 'Cellar' }} />);
    const verdict = screen.getByTestId('import-verdict');
    expect(verdict.textContent).toBe(`How it plays here: ${message}`);
    expect(verdict.className).toContain('text-destructive');
  });

  it('says a story plays to an ending, unmarked', () => {
    const message = 'Plays to an ending: "End", 3 steps from the start.';
    render(<StoryVerdict verdict={{ plays: true, message, stopsAt: null }} />);
    expect(screen.getByTestId('import-verdict').className).not.toContain('text-destructive');
  });
});
