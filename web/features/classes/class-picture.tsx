import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ClassPicture as Picture } from '../../../core/api/classes.ts';
import { Card, CardHeader, CardTitle } from '../../components/ui/card.tsx';

const GREEN = '#33ff66';
const AMBER = '#facc15';
const AXIS = { stroke: '#8fbf9a', fontSize: 14 };
const TOOLTIP = {
  contentStyle: { background: '#041a0b', border: '1px solid #33ff66', color: '#c8ffd4' },
  cursor: { fill: 'rgba(51, 255, 102, 0.08)' },
};

/** A small bar chart of counts by name. */
function CountChart({
  data,
  label,
  color,
}: {
  data: { name: string; count: number }[];
  label: string;
  color: string;
}) {
  return (
    <figure aria-label={label} className="w-full">
      <ResponsiveContainer width="100%" height={200}>
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#14532d" />
          <XAxis dataKey="name" tick={AXIS} stroke={AXIS.stroke} interval={0} />
          <YAxis allowDecimals={false} tick={AXIS} stroke={AXIS.stroke} width={36} />
          <Tooltip {...TOOLTIP} />
          <Bar dataKey="count" name="Students" fill={color} />
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}

const REASONS = {
  shortcut: 'a shortcut where a lesson was on offer',
  lesson: 'taught nothing where another option taught a lesson',
  stats: 'another option was better on every stat',
} as const;

/**
 * The class at a glance (docs/class-mode.md 'Class picture'): students per day and endings as
 * charts, then the options most often picked where a better one existed, the lessons most
 * missed and the shortcuts bought.
 */
export function ClassPictureView({ picture, students }: { picture: Picture; students: number }) {
  const days = picture.byDay.map((d) => ({
    name: d.day === null ? 'Not started' : `Day ${d.day}`,
    count: d.count,
  }));
  const endings = [
    ...picture.endings.map((e) => ({ name: e.title, count: e.count })),
    ...(picture.stillPlaying > 0 ? [{ name: 'Still playing', count: picture.stillPlaying }] : []),
  ];
  return (
    <section aria-label="Class picture" className="grid gap-4 md:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle>Where they are</CardTitle>
          <p className="text-muted-foreground">
            {students} {students === 1 ? 'student' : 'students'} by day of the story
          </p>
        </CardHeader>
        {students > 0 && <CountChart data={days} label="Students by day" color={GREEN} />}
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Endings</CardTitle>
          <ul aria-label="Endings reached" className="grid gap-1">
            {picture.endings.length === 0 && (
              <li className="text-muted-foreground">No ending reached yet</li>
            )}
            {picture.endings.map((e) => (
              <li key={e.title}>
                {e.title}: <strong>{e.count}</strong>
              </li>
            ))}
          </ul>
        </CardHeader>
        {picture.endings.length > 0 && <CountChart data={endings} label="Endings" color={AMBER} />}
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Picked where a better option existed</CardTitle>
        </CardHeader>
        <ol aria-label="Weak picks" className="grid gap-2">
          {picture.weakPicks.length === 0 && <li className="text-muted-foreground">None yet</li>}
          {picture.weakPicks.map((w) => (
            <li key={`${w.sceneTitle}:${w.option}`}>
              <strong>{w.count}×</strong> “{w.option}”{' '}
              <span className="text-muted-foreground">
                ({w.sceneTitle}: {REASONS[w.reason]}; better: “{w.better}”)
              </span>
            </li>
          ))}
        </ol>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Lessons most missed</CardTitle>
        </CardHeader>
        <ol aria-label="Lessons missed" className="grid gap-1">
          {picture.missedLessons.length === 0 && (
            <li className="text-muted-foreground">None yet</li>
          )}
          {picture.missedLessons.map((m) => (
            <li key={m.lesson}>
              {m.lesson}: <strong>{m.students}</strong> {m.students === 1 ? 'student' : 'students'}
            </li>
          ))}
        </ol>
        <CardTitle as="h3" className="text-xl">
          Shortcuts bought
        </CardTitle>
        <ul aria-label="Shortcuts bought" className="grid gap-1">
          {picture.shortcuts.length === 0 && <li className="text-muted-foreground">None yet</li>}
          {picture.shortcuts.map((b) => (
            <li key={b.item}>
              {b.item}: <strong>{b.students}</strong>
            </li>
          ))}
        </ul>
      </Card>
    </section>
  );
}
