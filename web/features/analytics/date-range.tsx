import type { AnalyticsQuery } from '../../../core/api/analytics.ts';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';

/** From / To day inputs (UTC days, both optional) with quick ranges. */
export function DateRange({
  value,
  onChange,
  idPrefix = 'range',
}: {
  value: AnalyticsQuery;
  onChange: (next: AnalyticsQuery) => void;
  idPrefix?: string;
}) {
  const lastDays = (n: number) => {
    const to = new Date();
    const from = new Date(to.getTime() - (n - 1) * 86_400_000);
    onChange({ from: from.toISOString().slice(0, 10), to: to.toISOString().slice(0, 10) });
  };
  const set = (key: 'from' | 'to', v: string) => {
    const next = { ...value };
    if (v) next[key] = v;
    else delete next[key];
    onChange(next);
  };
  return (
    <fieldset className="flex flex-wrap items-end gap-3">
      <legend className="sr-only">Date range</legend>
      {(['from', 'to'] as const).map((key) => (
        <div key={key} className="flex flex-col gap-1">
          <Label htmlFor={`${idPrefix}-${key}`}>{key === 'from' ? 'From' : 'To'}</Label>
          <Input
            id={`${idPrefix}-${key}`}
            type="date"
            value={value[key] ?? ''}
            // A day range: From stays on or before To.
            {...(key === 'from' ? { max: value.to } : { min: value.from })}
            onChange={(e) => set(key, e.target.value)}
          />
        </div>
      ))}
      <Button type="button" variant="outline" size="sm" onClick={() => lastDays(7)}>
        Last 7 days
      </Button>
      <Button type="button" variant="outline" size="sm" onClick={() => lastDays(30)}>
        Last 30 days
      </Button>
      <Button type="button" variant="ghost" size="sm" onClick={() => onChange({})}>
        All time
      </Button>
    </fieldset>
  );
}
