import { useEffect, useState } from 'react';
import type { ClassPage, StudentRow } from '../../../core/api/classes.ts';
import { formatStat, STAT_LABELS } from '../../../core/game/stats.ts';
import { STAT_KEYS } from '../../../core/game/stats.types.ts';
import { ModalDialog } from '../../components/modal-dialog.tsx';
import { Button } from '../../components/ui/button.tsx';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../components/ui/table.tsx';
import { removeStudent } from './api/remove-student.ts';
import { resetStudent } from './api/reset-student.ts';
import { undoAction } from './api/undo-action.ts';
import {
  ago,
  FILTERS,
  type Filter,
  minutesOf,
  SORTS,
  type Sort,
  studentList,
} from './student-list.ts';
import { studentNamer } from './student-names.ts';
import { useClassAction } from './use-class-action.ts';

/** The small outlined buttons of a student's row. */
const ROW_BUTTON = { size: 'sm', variant: 'outline' } as const;

/** A Reset or Remove the teacher can still undo. */
interface Undoable {
  id: string;
  until: string;
  text: string;
}

/** Re-renders every 30 s, so 'idle' and 'min ago' move on between updates. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** ' in 12 minutes', ' in under a minute', or '' before the first decision. */
const inMinutes = (m: number | null) =>
  m === null ? '' : m === 0 ? ' in under a minute' : ` in ${m} ${m === 1 ? 'minute' : 'minutes'}`;

const time = (iso: string) =>
  new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

/**
 * One compact line per student (docs/class-mode.md 'The class page'): where they are, search
 * position, decisions, wrong turns (picks where a better option existed), minutes played and
 * last move; sorted by any column, filtered (idle, no decision yet, wrong turns, endings). A
 * student's path opens in a dialog. Reset and Remove ask first, and can be undone for 10 minutes.
 */
export function StudentTable({
  page,
  hideNames,
  onChanged,
}: {
  page: ClassPage;
  hideNames: boolean;
  onChanged: () => void;
}) {
  const classId = page.class.id;
  const { busy, run: act } = useClassAction(onChanged);
  const now = useNow();
  const [filter, setFilter] = useState<Filter>('all');
  const [sort, setSort] = useState<Sort>('name');
  const [desc, setDesc] = useState(false);
  const [asking, setAsking] = useState<{ kind: 'reset' | 'remove'; student: StudentRow } | null>(
    null,
  );
  const [pathOf, setPathOf] = useState<StudentRow | null>(null);
  const [undos, setUndos] = useState<Undoable[]>([]);
  const name = studentNamer(page.students, hideNames);
  const optionText = new Map(
    page.decisions.flatMap((d) => d.options.map((o) => [o.id, { ...o, scene: d.sceneTitle }])),
  );
  const live = undos.filter((u) => Date.parse(u.until) > now);

  if (page.students.length === 0) {
    return <p className="text-muted-foreground">No students yet: share the code or the QR code.</p>;
  }
  const rows = studentList(page.students, filter, sort, desc, now);
  const sortBy = (key: Sort) => {
    if (key === sort) setDesc(!desc);
    else {
      setSort(key);
      setDesc(key !== 'name' && key !== 'position');
    }
  };
  const confirm = async () => {
    if (!asking) return;
    const { kind, student } = asking;
    const who = name(student);
    setAsking(null);
    await act(
      student.id,
      async () => {
        const done =
          kind === 'reset'
            ? await resetStudent(classId, student.id)
            : await removeStudent(classId, student.id);
        if (done.undo) {
          const text =
            kind === 'reset' ? `${who}'s game was reset` : `${who} was removed from the class`;
          setUndos((u) => [{ ...done.undo!, text }, ...u]);
        }
      },
      kind === 'reset' ? `${who} starts again` : `${who} left the class`,
    );
  };
  const undo = (u: Undoable) =>
    act(
      `undo:${u.id}`,
      async () => {
        try {
          await undoAction(classId, u.id);
        } finally {
          setUndos((list) => list.filter((x) => x.id !== u.id));
        }
      },
      'Undone',
    );

  return (
    <div className="grid gap-3">
      {live.length > 0 && (
        <ul aria-label="Undo" className="grid gap-2">
          {live.map((u) => (
            <li
              key={u.id}
              className="flex flex-wrap items-center gap-3 rounded-md border border-primary/60 p-2"
            >
              <span>
                {u.text}. You can undo this until {time(u.until)}.
              </span>
              <Button size="sm" disabled={busy === `undo:${u.id}`} onClick={() => undo(u)}>
                Undo
              </Button>
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap items-end gap-3">
        <Choice label="Show" value={filter} options={FILTERS} onChange={setFilter} />
        <Choice
          label="Sort by"
          value={sort}
          options={SORTS}
          onChange={(key) => {
            setSort(key);
            setDesc(key !== 'name' && key !== 'position');
          }}
        />
        <p className="text-muted-foreground" aria-live="polite">
          {rows.length} of {page.students.length}{' '}
          {page.students.length === 1 ? 'student' : 'students'}
        </p>
      </div>
      {/* A compact line per student at every size (sideways on a phone), not a card each. */}
      <Table aria-label="Students" cards={false}>
        <TableHeader>
          <TableRow>
            {(Object.keys(SORTS) as Sort[]).map((key) => (
              <TableHead
                key={key}
                aria-sort={sort === key ? (desc ? 'descending' : 'ascending') : undefined}
              >
                <button
                  type="button"
                  className="cursor-pointer whitespace-nowrap underline-offset-4 hover:underline"
                  onClick={() => sortBy(key)}
                >
                  {SORTS[key]}
                  {sort === key ? (desc ? ' ▼' : ' ▲') : ''}
                </button>
              </TableHead>
            ))}
            <TableHead>Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((s) => (
            <TableRow key={s.id} data-student={hideNames ? undefined : s.name}>
              <TableCell className="font-bold whitespace-nowrap">{name(s)}</TableCell>
              <TableCell>
                {s.sceneTitle === null ? (
                  'Not started'
                ) : (
                  <>
                    {s.day !== null && (
                      <span className="text-muted-foreground">Day {s.day} · </span>
                    )}
                    {s.ending ? <strong>Ending: {s.ending}</strong> : s.sceneTitle}
                  </>
                )}
              </TableCell>
              <TableCell>{s.position === null ? '–' : `#${s.position}`}</TableCell>
              <TableCell>{s.choices}</TableCell>
              <TableCell>{s.weakPicks}</TableCell>
              <TableCell>{minutesOf(s) ?? '–'}</TableCell>
              <TableCell className="whitespace-nowrap">
                {ago(s.lastChoiceAt ?? s.startedAt, now)}
              </TableCell>
              <TableCell>
                <div className="flex gap-1">
                  <Button
                    {...ROW_BUTTON}
                    aria-label={`Path of ${name(s)}`}
                    onClick={() => setPathOf(s)}
                  >
                    Path
                  </Button>
                  <Button
                    {...ROW_BUTTON}
                    disabled={busy === s.id}
                    aria-label={`Reset ${name(s)}'s game`}
                    onClick={() => setAsking({ kind: 'reset', student: s })}
                  >
                    Reset
                  </Button>
                  <Button
                    {...ROW_BUTTON}
                    disabled={busy === s.id}
                    aria-label={`Remove ${name(s)} from the class`}
                    onClick={() => setAsking({ kind: 'remove', student: s })}
                  >
                    Remove
                  </Button>
                </div>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <ModalDialog
        open={asking !== null}
        onClose={() => setAsking(null)}
        role="alertdialog"
        title={
          asking?.kind === 'reset'
            ? `Reset ${asking ? name(asking.student) : ''}'s game?`
            : `Remove ${asking ? name(asking.student) : ''} from the class?`
        }
        description={
          asking?.kind === 'reset'
            ? `Their game starts again at the beginning; the ${asking.student.choices} ${asking.student.choices === 1 ? 'decision' : 'decisions'} they made leave the class page. You can undo this for 10 minutes, as long as they have not played again.`
            : 'Their name leaves the class; they keep playing their game as a guest. You can undo this for 10 minutes.'
        }
        cancelLabel={asking?.kind === 'reset' ? 'Keep their game' : 'Keep them'}
        cancelFocus
        actions={
          <Button variant="destructive" onClick={confirm}>
            {asking?.kind === 'reset' ? 'Reset game' : 'Remove'}
          </Button>
        }
      />
      <ModalDialog
        open={pathOf !== null}
        onClose={() => setPathOf(null)}
        title={pathOf ? `Path of ${name(pathOf)}` : ''}
        description={
          pathOf
            ? `${pathOf.path.length} ${pathOf.path.length === 1 ? 'decision' : 'decisions'}${inMinutes(minutesOf(pathOf))}${pathOf.ending ? `, ending: ${pathOf.ending}` : ''}.`
            : ''
        }
        showCloseButton
        actions={<Button onClick={() => setPathOf(null)}>Close</Button>}
      >
        {pathOf && (
          <div className="grid max-h-[60vh] gap-3 overflow-y-auto">
            <ol className="grid list-decimal gap-1 pl-6">
              {pathOf.path.map((id, i) => {
                const o = optionText.get(id);
                return (
                  // The same option may come twice in a path: its place tells them apart.
                  // biome-ignore lint/suspicious/noArrayIndexKey: a path is only ever appended to
                  <li key={`${id}-${i}`}>
                    {o ? (
                      <>
                        <span className="text-muted-foreground">{o.scene}: </span>
                        {o.text}
                        {o.lessons.length > 0 && (
                          <span className="text-primary"> (Lesson: {o.lessons.join(', ')})</span>
                        )}
                      </>
                    ) : (
                      <span className="text-muted-foreground">A scene with one way on</span>
                    )}
                  </li>
                );
              })}
            </ol>
            {pathOf.stats && (
              <p className="text-base text-muted-foreground">
                {STAT_KEYS.map((k) => `${STAT_LABELS[k]} ${formatStat(k, pathOf.stats![k])}`).join(
                  ' · ',
                )}
              </p>
            )}
            <p className="text-base">
              Lessons learned: {pathOf.lessons.join('; ') || 'none yet'} · Shortcuts bought:{' '}
              {pathOf.bought.join('; ') || 'none'}
            </p>
          </div>
        )}
      </ModalDialog>
    </div>
  );
}

/** A labelled drop-down of `options` (key: label). */
function Choice<K extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: K;
  options: Record<K, string>;
  onChange: (key: K) => void;
}) {
  return (
    <label className="grid gap-1">
      <span className="text-base text-muted-foreground">{label}</span>
      <select
        value={value}
        onChange={(e) => onChange(e.target.value as K)}
        className="h-10 rounded-md border border-input bg-background px-3 text-lg"
      >
        {(Object.entries(options) as [K, string][]).map(([key, text]) => (
          <option key={key} value={key}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}
