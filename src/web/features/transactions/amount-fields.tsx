import { SimpleGrid } from '@mantine/core';
import { TypedNumberInput } from '../../components/typed-number-input';
import type { TxFormValues } from './form-state';

export type AmountKey = 'usdChange' | 'unplayedCoinsChange' | 'playedCoinsChange';
const FIELDS: { key: AmountKey; label: string; description?: string }[] = [
  { key: 'usdChange', label: 'Change in USD ($)', description: 'Negative for purchases, positive for withdrawals' },
  { key: 'unplayedCoinsChange', label: 'Change in Unplayed Coins' },
  { key: 'playedCoinsChange', label: 'Change in Played Coins' },
];

interface Props {
  values: TxFormValues;
  errors: Record<string, string>;
  onChange: (key: AmountKey, value: string) => void;
  /** Checks the field the person leaves, so a mistyped amount is named before saving. */
  onLeave?: (key: AmountKey) => void;
  /** What an empty box is sent as, shown in it (the Edit dialog's 0, spec 5); none on Add Transaction, where empty is refused. */
  emptyAs?: string;
}

/** The three text-entered amounts of the add form and the edit dialog (spec: step 0.01, two decimals). */
export function AmountFields({ values, errors, onChange, onLeave, emptyAs }: Props) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }}>
      {FIELDS.map((f) => (
        <TypedNumberInput
          key={f.key}
          name={f.key}
          label={f.label}
          description={f.description}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          placeholder={emptyAs}
          value={values[f.key]}
          onChange={(e) => onChange(f.key, e.currentTarget.value)}
          onBlur={() => onLeave?.(f.key)}
          error={errors[f.key]}
        />
      ))}
    </SimpleGrid>
  );
}
