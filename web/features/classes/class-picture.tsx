import type { ReactNode } from 'react';
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

/** A list of counts (`children` makes each item), or one line saying there is none yet. */
function CountList<T>({
  label,
  items,
  empty = 'None yet',
  ordered = false,
  className = 'grid gap-1',
  children,
}: {
  label: string;
  items: T[];
  empty?: string;
  ordered?: boolean;
  className?: string;
  children: (item: T) => ReactNode;
}) {
  const List = ordered ? 'ol' : 'ul';
  return (
    <List aria-label={label} className={className}>
      {items.length === 0 && <li className="text-muted-foreground">{empty}</li>}
      {items.map(children)}
    </List>
  );
}

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
          <CountList label="Endings reached" items={picture.endings} empty="No ending reached yet">
            {(e) => (
              <li key={e.title}>
                {e.title}: <strong>{e.count}</strong>
              </li>
            )}
          </CountList>
        </CardHeader>
        {picture.endings.length > 0 && <CountChart data={endings} label="Endings" color={AMBER} />}
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Picked where a better option existed</CardTitle>
        </CardHeader>
        <CountList label="Weak picks" items={picture.weakPicks} ordered className="grid gap-2">
          {(w) => (
            <li key={`${w.sceneTitle}:${w.option}`}>
              <strong>{w.count}×</strong> “{w.option}”{' '}
              <span className="text-muted-foreground">
                ({w.sceneTitle}: {REASONS[w.reason]}; better: “{w.better}”)
              </span>
            </li>
          )}
        </CountList>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Lessons most missed</CardTitle>
        </CardHeader>
        <CountList label="Lessons missed" items={picture.missedLessons} ordered>
          {(m) => (
            <li key={m.lesson}>
              {m.lesson}: <strong>{m.students}</strong> {m.students === 1 ? 'student' : 'students'}
            </li>
          )}
        </CountList>
        <CardTitle as="h3" className="text-xl">
          Shortcuts bought
        </CardTitle>
        <CountList label="Shortcuts bought" items={picture.shortcuts}>
          {(b) => (
            <li key={b.item}>
              {b.item}: <strong>{b.students}</strong>
            </li>
          )}
        </CountList>
      </Card>
    </section>
  );
}
