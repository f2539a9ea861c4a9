import { useId } from 'react';

export interface SegmentedProps<V extends string> {
  data: readonly { value: V; label: string }[];
  value: V;
  onChange: (value: V) => void;
  /** 'xs' in a card's corner (a chart's range); 'sm' otherwise, as Mantine's default. */
  size?: 'xs' | 'sm';
  'aria-label'?: string;
  'aria-labelledby'?: string;
}

/**
 * One of a few words, chosen as segments of a bar: radio buttons, so the arrow keys move between them
 * and a screen reader names the group and the choice. Mantine's SegmentedControl draws its chosen
 * segment with an indicator it places by measuring the segments after mounting, which laid out the
 * whole screen inside the screen's first task (30 ms at 1x on /import, 120 ms on a phone; decision 240);
 * here the chosen segment draws its own background (styles/app.css), with nothing measured.
 */
export function Segmented<V extends string>({ data, value, onChange, size = 'sm', ...label }: SegmentedProps<V>) {
  const name = useId();
  return (
    <div className="segmented" data-size={size} role="radiogroup" {...label}>
      {data.map((item) => (
        <label key={item.value} className="segmented-item">
          <input
            type="radio"
            className="segmented-input"
            name={name}
            value={item.value}
            checked={item.value === value}
            onChange={() => onChange(item.value)}
          />
          <span>{item.label}</span>
        </label>
      ))}
    </div>
  );
}
