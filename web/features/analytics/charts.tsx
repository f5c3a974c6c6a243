import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

/** Chart colours of the retro theme: guests phosphor green, players amber. */
const GUEST_COLOR = '#33ff66';
const PLAYER_COLOR = '#facc15';
const AXIS = { stroke: '#8fbf9a', fontSize: 14 };
const TOOLTIP = {
  contentStyle: { background: '#041a0b', border: '1px solid #33ff66', color: '#c8ffd4' },
  cursor: { fill: 'rgba(51, 255, 102, 0.08)' },
};

/** Guests and players stacked per category (e.g. choices per day). */
export function SplitBarChart({
  data,
  category,
  label,
  height = 260,
}: {
  data: { guests: number; players: number; [key: string]: string | number }[];
  category: string;
  label: string;
  height?: number;
}) {
  return (
    <figure aria-label={label} className="w-full">
      <ResponsiveContainer width="100%" height={height}>
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#14532d" />
          <XAxis dataKey={category} tick={AXIS} stroke={AXIS.stroke} />
          <YAxis allowDecimals={false} tick={AXIS} stroke={AXIS.stroke} width={40} />
          <Tooltip {...TOOLTIP} />
          <Legend />
          <Bar dataKey="guests" name="Guests" stackId="a" fill={GUEST_COLOR} />
          <Bar dataKey="players" name="Players" stackId="a" fill={PLAYER_COLOR} />
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}

/** Horizontal bars of one value per row (e.g. an option's pick rate in %). */
export function RateBarChart({
  data,
  label,
}: {
  data: { name: string; value: number }[];
  label: string;
}) {
  return (
    <figure aria-label={label} className="w-full">
      <ResponsiveContainer width="100%" height={Math.max(120, data.length * 44 + 40)}>
        <BarChart data={data} layout="vertical" margin={{ top: 8, right: 24, bottom: 8, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#14532d" />
          <XAxis type="number" domain={[0, 100]} unit="%" tick={AXIS} stroke={AXIS.stroke} />
          <YAxis type="category" dataKey="name" width={140} tick={AXIS} stroke={AXIS.stroke} />
          <Tooltip {...TOOLTIP} formatter={(v) => `${v}%`} />
          <Bar dataKey="value" name="Picked" fill={GUEST_COLOR} />
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}
