import { SimpleGrid, TextInput } from '@mantine/core';
import type { TxFormValues } from './form-state';

type AmountKey = 'usdChange' | 'unplayedCoinsChange' | 'playedCoinsChange';
const FIELDS: { key: AmountKey; label: string; description?: string }[] = [
  { key: 'usdChange', label: 'Change in USD ($)', description: 'Negative for purchases, positive for withdrawals' },
  { key: 'unplayedCoinsChange', label: 'Change in Unplayed Coins' },
  { key: 'playedCoinsChange', label: 'Change in Played Coins' },
];

/** The three text-entered amounts (step 0.01) of the add form and the edit dialog. */
export function AmountFields({ values, errors, onChange }: { values: TxFormValues; errors: Record<string, string>; onChange: (key: AmountKey, value: string) => void }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }}>
      {FIELDS.map((f) => (
        <TextInput
          key={f.key}
          label={f.label}
          description={f.description}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          type="number"
          step="0.01"
          inputMode="decimal"
          placeholder="0.00"
          value={values[f.key]}
          onChange={(e) => onChange(f.key, e.currentTarget.value)}
          error={errors[f.key]}
        />
      ))}
    </SimpleGrid>
  );
}
