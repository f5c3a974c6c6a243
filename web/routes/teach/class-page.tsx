import { useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { PageLoading } from '../../components/page-loading.tsx';
import { Card, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { classKeys, useClassPage } from '../../features/classes/api.ts';
import { ClassHeader } from '../../features/classes/class-header.tsx';
import { ClassPictureView } from '../../features/classes/class-picture.tsx';
import { StudentTable } from '../../features/classes/student-table.tsx';
import { useClassLive } from '../../features/classes/use-class-live.ts';
import { ApiError, errorMessage } from '../../lib/api.ts';
import { TeacherGate } from './teacher-gate.tsx';

/** /teach/:classId: the class live (docs/class-mode.md). */
export function Component() {
  return (
    <TeacherGate>
      <ClassScreen id={useParams().classId ?? ''} />
    </TeacherGate>
  );
}

function ClassScreen({ id }: { id: string }) {
  const page = useClassPage(id);
  const client = useQueryClient();
  useClassLive(id);
  const refresh = () => void client.invalidateQueries({ queryKey: classKeys.page(id) });
  if (page.isError) {
    const missing = page.error instanceof ApiError && page.error.status === 404;
    return (
      <main className="mx-auto grid w-full max-w-lg gap-4 p-4">
        <Card>
          <CardHeader>
            <CardTitle as="h1">
              {missing ? 'Class not found' : 'The class could not be loaded'}
            </CardTitle>
            <p className="text-muted-foreground">
              {missing ? 'There is no such class among yours.' : errorMessage(page.error)}
            </p>
          </CardHeader>
          <Link to="/teach" className="underline">
            Your classes
          </Link>
        </Card>
      </main>
    );
  }
  if (!page.data) return <PageLoading />;
  const data = page.data;
  return (
    <main className="mx-auto grid w-full max-w-7xl gap-4 p-4">
      <Link to="/teach" className="text-muted-foreground underline">
        ← Your classes
      </Link>
      <ClassHeader page={data} onChanged={refresh} />
      <ClassPictureView picture={data.picture} students={data.students.length} />
      <Card>
        <CardHeader>
          <CardTitle>Students ({data.students.length})</CardTitle>
          <p className="text-muted-foreground">Updates by itself as students play.</p>
        </CardHeader>
        <StudentTable classId={data.class.id} students={data.students} onChanged={refresh} />
      </Card>
    </main>
  );
}
