import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { ClassInfo } from '../../../core/api/classes.ts';
import { CLASS_NAME_MAX } from '../../../core/classes/rules.ts';
import { TextField } from '../../components/text-field.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { createClass } from '../../features/classes/api/create-class.ts';
import { useClassList } from '../../features/classes/api/get-classes.ts';
import { TeachIntro } from '../../features/classes/teach-intro.tsx';
import { errorMessage } from '../../lib/api.ts';
import { TeacherGate } from './teacher-gate.tsx';

/** /teach: a teacher's classes and the form that creates one (docs/class-mode.md). */
export function Component() {
  return (
    <TeacherGate>
      <Classes />
    </TeacherGate>
  );
}

function Classes() {
  const list = useClassList(true);
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (name.trim() === '') return setError('Give the class a name');
    setBusy(true);
    try {
      const made = await createClass(name);
      await navigate(`/teach/${made.id}`);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mx-auto grid w-full max-w-4xl gap-4 p-4">
      <h1 className="font-retro text-4xl">Your classes</h1>
      <details
        className="rounded-md border border-border p-3"
        open={list.data ? list.data.classes.length === 0 : false}
      >
        <summary className="cursor-pointer font-retro text-2xl">
          What class mode is and how a lesson runs
        </summary>
        <div className="pt-3">
          <TeachIntro />
        </div>
      </details>
      <Card>
        <CardHeader>
          <CardTitle>New class</CardTitle>
          <p className="text-muted-foreground">
            Students join with a 6-character code (or its QR code) and a name only you see.
          </p>
        </CardHeader>
        <form className="flex flex-wrap items-end gap-3" onSubmit={onSubmit} noValidate>
          <div className="min-w-60 flex-1">
            <TextField
              id="class-name"
              label="Class name"
              value={name}
              onChange={(v) => {
                setName(v);
                setError(null);
              }}
              error={error}
              max={CLASS_NAME_MAX}
              placeholder="e.g. Year 10 Digital Marketing"
            />
          </div>
          <Button type="submit" disabled={busy}>
            {busy ? 'Creating…' : 'Create class'}
          </Button>
        </form>
      </Card>
      {list.isError && <p className="text-destructive">{errorMessage(list.error)}</p>}
      {list.data && list.data.classes.length === 0 && (
        <p className="text-muted-foreground">No classes yet.</p>
      )}
      {list.data && list.data.classes.length > 0 && (
        <ul className="grid gap-2" aria-label="Classes">
          {list.data.classes.map((c) => (
            <ClassItem key={c.id} info={c} />
          ))}
        </ul>
      )}
    </div>
  );
}

function ClassItem({ info }: { info: ClassInfo }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-border p-3">
      <Link
        to={`/teach/${info.id}`}
        className="font-retro text-2xl underline-offset-4 hover:underline"
      >
        {info.name}
      </Link>
      <span className="text-muted-foreground">
        Code <span className="font-mono text-foreground">{info.code}</span> · {info.students}{' '}
        {info.students === 1 ? 'student' : 'students'} · {info.open ? 'open' : 'closed'}
        {info.mine ? '' : ` · ${info.ownerName}`}
      </span>
    </li>
  );
}
