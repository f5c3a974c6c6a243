import { useState } from 'react';
import { Link } from 'react-router';
import type { ClassPage } from '../../../core/api/classes.ts';
import { PageLoading } from '../../components/page-loading.tsx';
import { Button, buttonVariants } from '../../components/ui/button.tsx';
import { Switch } from '../../components/ui/switch.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.tsx';
import { useClassPage } from '../../features/classes/api/get-class.ts';
import { enterFullScreen } from '../../features/classes/class-header.tsx';
import { ClassPictureView } from '../../features/classes/class-picture.tsx';
import { Debrief } from '../../features/classes/debrief.tsx';
import { QrCode } from '../../features/classes/qr-code.tsx';
import { studentNamer } from '../../features/classes/student-names.ts';
import { useClassLive } from '../../features/classes/use-class-live.ts';
import { ClassMissing } from './class-missing.tsx';
import { ClassGate } from './teacher-gate.tsx';

/**
 * /teach/:classId/present: the class on the projector (docs/class-mode.md 'Present mode'). The
 * whole screen, without the game's ticker or header: the join code at a fifth of the screen's
 * height and a QR code as tall as the room allows, then the debrief and the class at a glance.
 * Names stay hidden until the teacher shows them.
 */
export function Component() {
  return <ClassGate Screen={Present} />;
}

function Present({ id }: { id: string }) {
  const page = useClassPage(id);
  const [showNames, setShowNames] = useState(false);
  useClassLive(id);
  if (page.isError) return <ClassMissing error={page.error} />;
  if (!page.data) return <PageLoading />;
  const data = page.data;
  const leave = () => {
    if (document.fullscreenElement) document.exitFullscreen().catch(() => {});
  };
  return (
    <main className="flex min-h-dvh flex-col gap-3 bg-background p-3 sm:p-5">
      <Tabs defaultValue="join" className="flex-1">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="min-w-0 flex-1 truncate font-retro text-3xl">{data.class.name}</h1>
          <TabsList aria-label="Present" className="w-auto">
            <TabsTrigger value="join">Join</TabsTrigger>
            <TabsTrigger value="debrief">Debrief</TabsTrigger>
            <TabsTrigger value="class">Class</TabsTrigger>
          </TabsList>
          <div className="flex items-center gap-2 text-lg">
            <Switch id="show-names" checked={showNames} onCheckedChange={setShowNames} />
            <label htmlFor="show-names">Show names</label>
          </div>
          <Button variant="outline" size="sm" onClick={enterFullScreen}>
            Full screen
          </Button>
          <Link
            to={`/teach/${encodeURIComponent(id)}`}
            className={buttonVariants({ variant: 'outline', size: 'sm' })}
            onClick={leave}
          >
            Exit
          </Link>
        </div>
        <TabsContent value="join">
          <JoinView page={data} showNames={showNames} />
        </TabsContent>
        <TabsContent value="debrief" className="mx-auto w-full max-w-6xl">
          <Debrief page={data} hideNames={!showNames} big />
        </TabsContent>
        <TabsContent value="class" className="mx-auto w-full max-w-6xl">
          <ClassPictureView picture={data.picture} students={data.students.length} />
        </TabsContent>
      </Tabs>
    </main>
  );
}

/** The code, the link and the QR code, as large as the screen allows; who joined below. */
function JoinView({ page, showNames }: { page: ClassPage; showNames: boolean }) {
  const origin = window.location.origin;
  const link = `${origin}${page.joinPath}`;
  const name = studentNamer(page.students, !showNames);
  const count = page.students.length;
  return (
    <section
      aria-label="Join the class"
      className="grid items-center justify-items-center gap-6 py-4 landscape:grid-cols-[1fr_auto]"
    >
      <div className="grid justify-items-center gap-4 text-center">
        <p className="text-[min(4vh,6vw)] leading-tight text-muted-foreground">
          Go to{' '}
          <strong className="text-foreground">{origin.replace(/^https?:\/\//, '')}/join</strong> and
          type
        </p>
        {/* One line on a wide screen, two on a tall one (a phone), so the code stays above a
            tenth of the screen's height either way. */}
        <p
          className="font-mono font-bold leading-none tracking-widest text-glow text-[min(20vh,12vw)] portrait:text-[min(14vh,26vw)]"
          data-testid="present-code"
        >
          <span>{page.class.code.slice(0, 3)}</span>
          <span className="landscape:ml-[0.5em] portrait:block">{page.class.code.slice(3)}</span>
        </p>
        <p className="break-all text-[min(3.5vh,4.5vw)] text-muted-foreground">
          or scan the code · {link}
        </p>
        {!page.class.open && (
          <p className="text-[min(4vh,6vw)] text-destructive">Closed to new students</p>
        )}
        <p className="text-[min(5vh,7vw)] font-retro" aria-live="polite">
          {count} {count === 1 ? 'student has' : 'students have'} joined
        </p>
        {showNames && count > 0 && (
          <ul
            aria-label="Joined"
            className="flex max-w-5xl flex-wrap justify-center gap-2 text-2xl"
          >
            {page.students.map((s) => (
              <li key={s.id} className="rounded border border-border px-2">
                {name(s)}
              </li>
            ))}
          </ul>
        )}
      </div>
      <QrCode
        text={link}
        label={`QR code of the join link ${link}`}
        className="size-[min(70vh,80vw)] landscape:size-[min(75vh,42vw)]"
      />
    </section>
  );
}
