import type { StudentRow } from '../../../core/api/classes.ts';
import { formatStat, STAT_LABELS } from '../../../core/game/stats.ts';
import { STAT_KEYS } from '../../../core/game/stats.types.ts';
import { Button } from '../../components/ui/button.tsx';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../components/ui/table.tsx';
import { removeStudent, resetStudent } from './api.ts';
import { useClassAction } from './use-class-action.ts';

/** One row per student: where they are, how the shop does, what they learned and bought. */
export function StudentTable({
  classId,
  students,
  onChanged,
}: {
  classId: string;
  students: readonly StudentRow[];
  onChanged: () => void;
}) {
  const { busy, run: act } = useClassAction(onChanged);
  if (students.length === 0) {
    return <p className="text-muted-foreground">No students yet: share the code or the QR code.</p>;
  }
  return (
    <Table aria-label="Students">
      <TableHeader>
        <TableRow>
          <TableHead>Name</TableHead>
          <TableHead>Day · scene</TableHead>
          <TableHead>Search</TableHead>
          <TableHead>Stats</TableHead>
          <TableHead>Choices</TableHead>
          <TableHead>Lessons learned</TableHead>
          <TableHead>Shortcuts bought</TableHead>
          <TableHead>Actions</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {students.map((s) => (
          <TableRow key={s.id} data-student={s.name}>
            <TableCell className="font-bold whitespace-nowrap">{s.name}</TableCell>
            <TableCell>
              {s.sceneTitle === null ? (
                'Not started'
              ) : (
                <>
                  {s.day !== null && <span className="text-muted-foreground">Day {s.day} · </span>}
                  {s.ending ? <strong>Ending: {s.ending}</strong> : s.sceneTitle}
                </>
              )}
            </TableCell>
            <TableCell>{s.position === null ? '–' : `#${s.position}`}</TableCell>
            <TableCell className="text-base">
              {s.stats
                ? STAT_KEYS.map((k) => `${STAT_LABELS[k]} ${formatStat(k, s.stats![k])}`).join(
                    ' · ',
                  )
                : '–'}
            </TableCell>
            <TableCell>{s.choices}</TableCell>
            <TableCell className="text-base">{s.lessons.join('; ') || '–'}</TableCell>
            <TableCell className="text-base">{s.bought.join('; ') || '–'}</TableCell>
            <TableCell>
              <div className="flex flex-wrap gap-1">
                <Button
                  size="sm"
                  variant="outline"
                  disabled={busy === s.id}
                  aria-label={`Reset ${s.name}'s game`}
                  onClick={() =>
                    act(s.id, () => resetStudent(classId, s.id), `${s.name} starts again`)
                  }
                >
                  Reset
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={busy === s.id}
                  aria-label={`Remove ${s.name} from the class`}
                  onClick={() =>
                    act(s.id, () => removeStudent(classId, s.id), `${s.name} left the class`)
                  }
                >
                  Remove
                </Button>
              </div>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
