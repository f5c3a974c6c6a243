import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageLoading } from '../../components/page-loading.tsx';
import { Card, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Switch } from '../../components/ui/switch.tsx';
import { classKeys } from '../../features/classes/api/class-keys.ts';
import { useClassPage } from '../../features/classes/api/get-class.ts';
import { ClassHeader } from '../../features/classes/class-header.tsx';
import { ClassPictureView } from '../../features/classes/class-picture.tsx';
import { Debrief } from '../../features/classes/debrief.tsx';
import { StudentTable } from '../../features/classes/student-table.tsx';
import { useClassLive } from '../../features/classes/use-class-live.ts';
import { ClassMissing } from './class-missing.tsx';
import { ClassGate } from './teacher-gate.tsx';

/** /teach/:classId: the class live (docs/class-mode.md). */
export function Component() {
  return <ClassGate Screen={ClassScreen} />;
}

function ClassScreen({ id }: { id: string }) {
  const page = useClassPage(id);
  const client = useQueryClient();
  const [hideNames, setHideNames] = useState(false);
  useClassLive(id);
  const refresh = () => void client.invalidateQueries({ queryKey: classKeys.page(id) });
  if (page.isError) return <ClassMissing error={page.error} />;
  if (!page.data) return <PageLoading />;
  const data = page.data;
  return (
    <div className="mx-auto grid w-full max-w-7xl gap-4 p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Link to="/teach" className="text-muted-foreground underline">
          ← Your classes
        </Link>
        <div className="flex items-center gap-2 text-lg">
          <Switch id="hide-names" checked={hideNames} onCheckedChange={setHideNames} />
          <label htmlFor="hide-names">Hide names (for a shared screen)</label>
        </div>
      </div>
      <ClassHeader page={data} onChanged={refresh} />
      <Card>
        <CardHeader>
          <CardTitle>Debrief</CardTitle>
          <p className="text-muted-foreground">
            Step through the story's decisions: how the class split, the better option and the
            lesson behind it.
          </p>
        </CardHeader>
        <Debrief page={data} hideNames={hideNames} />
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Students ({data.students.length})</CardTitle>
          <p className="text-muted-foreground">
            Updates by itself as students play. Sort by a column; “Wrong turns” counts picks where a
            better option existed.
          </p>
        </CardHeader>
        <StudentTable page={data} hideNames={hideNames} onChanged={refresh} />
      </Card>
      <ClassPictureView picture={data.picture} students={data.students.length} />
    </div>
  );
}
